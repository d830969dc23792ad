//! Enterprises, their dealers (bocs) and stores as administrators keep them: created, edited,
//! deactivated and reactivated (never deleted: their history stays), with brands, time zones,
//! allowed texting hours, opening hours and the enterprise logo.

mod brands;
mod settings;
mod stores;

pub use brands::*;
pub use stores::*;

use chrono::{DateTime, NaiveTime, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Order, Query, SelectStatement};
use serde::Serialize;

use super::audit::{AuditChange, AuditLog};
use super::{PLATFORM_ADMINS, TENANT_ADMINS, admin_scope};
use crate::auth::Caller;
use crate::db::{Database, Transaction};
use crate::domain::formats::{MAX_CODE_CHARS, MAX_NAME_CHARS, parse_time_zone, too_long};
use crate::domain::phone::PhoneNumber;
use crate::error::{Error, Result};
use crate::messaging::quiet_hours::AllowedHours;
use crate::store::schema::{
    Bocs, Brands, EnterpriseLogos, Enterprises, Offices, StoreOpeningHours, Stores,
};

/// The largest logo accepted (it is shown small, in the shell and on the lane board).
pub const MAX_LOGO_BYTES: usize = 512 * 1024;
/// The longest HELP answer (one SMS segment pair).
const MAX_HELP_CHARS: usize = 320;

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct EnterpriseRecord {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub is_demo: bool,
    pub created_at: DateTime<Utc>,
    pub deactivated_at: Option<DateTime<Utc>>,
    pub has_logo: bool,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct BocRecord {
    pub id: i64,
    pub enterprise_id: i64,
    pub boc_code: String,
    pub name: String,
    pub store_count: i64,
    pub deactivated_at: Option<DateTime<Utc>>,
}

/// The enterprise logo as stored and served.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Logo {
    pub content_type: String,
    pub content: Vec<u8>,
    pub updated_at: DateTime<Utc>,
}

/// A new enterprise: its name and a short unique code.
#[derive(Debug, Clone)]
pub struct EnterpriseInput {
    pub name: String,
    pub code: String,
}

/// A dealer (boc): its code (unique in the enterprise) and name.
#[derive(Debug, Clone)]
pub struct BocInput {
    pub boc_code: String,
    pub name: String,
}

fn check_code(field: &str, code: &str, problems: &mut Vec<String>) {
    if code.is_empty() {
        problems.push(format!("{field} is required"));
    } else if !code
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        problems.push(format!(
            "{field} may hold only letters, digits, '-', '_' and '.'"
        ));
    }
    problems.extend(too_long(field, code, MAX_CODE_CHARS));
}

fn check_name(field: &str, name: &str, problems: &mut Vec<String>) {
    if name.is_empty() {
        problems.push(format!("{field} is required"));
    }
    problems.extend(too_long(field, name, MAX_NAME_CHARS));
}

fn finish(problems: Vec<String>) -> Result<()> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::invalid_all(problems))
    }
}

impl EnterpriseInput {
    fn checked(mut self) -> Result<Self> {
        self.name = self.name.trim().to_owned();
        self.code = self.code.trim().to_owned();
        let mut problems = Vec::new();
        check_name("Enterprise name", &self.name, &mut problems);
        check_code("Enterprise code", &self.code, &mut problems);
        finish(problems)?;
        Ok(self)
    }
}

impl BocInput {
    fn checked(mut self) -> Result<Self> {
        self.name = self.name.trim().to_owned();
        self.boc_code = self.boc_code.trim().to_owned();
        let mut problems = Vec::new();
        check_name("Dealer name", &self.name, &mut problems);
        check_code("Dealer code", &self.boc_code, &mut problems);
        finish(problems)?;
        Ok(self)
    }
}

#[derive(Debug, Clone)]
pub struct TenantAdmin {
    db: Database,
}

fn json<T: Serialize>(value: &T) -> Option<serde_json::Value> {
    serde_json::to_value(value).ok()
}

fn conflict_on_unique(error: Error, what: &str) -> Error {
    match error {
        Error::Database(db) => Error::from_unique_violation(db, what),
        other => other,
    }
}

impl TenantAdmin {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    // ----- enterprises -----

    fn enterprise_select() -> SelectStatement {
        Query::select()
            .columns([
                (Enterprises::Table, Enterprises::Id),
                (Enterprises::Table, Enterprises::Name),
                (Enterprises::Table, Enterprises::Code),
                (Enterprises::Table, Enterprises::IsDemo),
                (Enterprises::Table, Enterprises::CreatedAt),
                (Enterprises::Table, Enterprises::DeactivatedAt),
            ])
            .expr_as(
                Expr::exists(
                    Query::select()
                        .expr(Expr::val(1))
                        .from(EnterpriseLogos::Table)
                        .and_where(
                            Expr::col((EnterpriseLogos::Table, EnterpriseLogos::EnterpriseId))
                                .equals((Enterprises::Table, Enterprises::Id)),
                        )
                        .to_owned(),
                ),
                "has_logo",
            )
            .from(Enterprises::Table)
            .to_owned()
    }

    async fn enterprise_row(&self, id: i64) -> Result<EnterpriseRecord> {
        self.db
            .fetch_optional(
                Self::enterprise_select()
                    .and_where(Expr::col((Enterprises::Table, Enterprises::Id)).eq(id)),
            )
            .await?
            .ok_or_else(|| Error::not_found("Enterprise not found"))
    }

    /// An enterprise its members may see (its name and whether it has a logo).
    pub async fn enterprise(&self, caller: &Caller, id: i64) -> Result<EnterpriseRecord> {
        admin_scope(caller, id)?;
        self.enterprise_row(id).await
    }

    pub async fn create_enterprise(
        &self,
        caller: &Caller,
        input: EnterpriseInput,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseRecord> {
        caller.require_any(PLATFORM_ADMINS)?;
        let input = input.checked()?;
        let mut tx = self.db.begin().await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Enterprises::Table)
                    .columns([
                        Enterprises::Name,
                        Enterprises::Code,
                        Enterprises::IsDemo,
                        Enterprises::CreatedAt,
                    ])
                    .values_panic([
                        input.name.clone().into(),
                        input.code.clone().into(),
                        false.into(),
                        now.into(),
                    ])
                    .returning_col(Enterprises::Id)
                    .to_owned(),
            )
            .await
            .map_err(|e| conflict_on_unique(e, "Enterprise code"))?;
        let created = EnterpriseRecord {
            id,
            name: input.name,
            code: input.code,
            is_demo: false,
            created_at: now,
            deactivated_at: None,
            has_logo: false,
        };
        AuditLog::record(
            &mut tx,
            AuditChange {
                enterprise_id: Some(id),
                actor: caller.user_id,
                action: "CREATE",
                entity: "enterprise",
                entity_id: id.to_string(),
                before: None,
                after: json(&created),
            },
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Renames an enterprise (its code stays: imports and integrations use it).
    pub async fn rename_enterprise(
        &self,
        caller: &Caller,
        id: i64,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseRecord> {
        admin_scope(caller, id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.enterprise_row(id).await?;
        let name = name.trim().to_owned();
        let mut problems = Vec::new();
        check_name("Enterprise name", &name, &mut problems);
        finish(problems)?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Enterprises::Table)
                .value(Enterprises::Name, name.clone())
                .and_where(Expr::col(Enterprises::Id).eq(id))
                .to_owned(),
        )
        .await?;
        let after = EnterpriseRecord {
            name,
            ..before.clone()
        };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                id,
                "UPDATE",
                "enterprise",
                id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Deactivates (its users can no longer sign in and their sessions end) or reactivates an
    /// enterprise. One cannot deactivate one's own.
    pub async fn set_enterprise_active(
        &self,
        caller: &Caller,
        id: i64,
        active: bool,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseRecord> {
        // Another tenant's enterprise is not found, as everywhere; one's own is forbidden.
        admin_scope(caller, id)?;
        caller.require_any(PLATFORM_ADMINS)?;
        let before = self.enterprise_row(id).await?;
        if !active && caller.enterprise_id == Some(id) {
            return Err(Error::Conflict(
                "You cannot deactivate your own enterprise".to_owned(),
            ));
        }
        if before.deactivated_at.is_none() == active {
            return Ok(before);
        }
        let deactivated_at = (!active).then_some(now);
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Enterprises::Table)
                .value(Enterprises::DeactivatedAt, deactivated_at)
                .and_where(Expr::col(Enterprises::Id).eq(id))
                .to_owned(),
        )
        .await?;
        if !active {
            crate::store::sessions::SessionStore::end_for_enterprise(&mut tx, id).await?;
        }
        let after = EnterpriseRecord {
            deactivated_at,
            ..before.clone()
        };
        let action = if active { "ACTIVATE" } else { "DEACTIVATE" };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                id,
                action,
                "enterprise",
                id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Whether the caller may edit this enterprise (its name and logo): checked before a
    /// request's body is read, so another tenant's id is not found whatever the body holds.
    pub async fn may_edit_enterprise(&self, caller: &Caller, id: i64) -> Result<()> {
        admin_scope(caller, id)?;
        caller.require_any(TENANT_ADMINS)?;
        self.enterprise_row(id).await.map(|_| ())
    }

    /// The enterprise's logo, for anyone of the enterprise.
    pub async fn logo(&self, caller: &Caller, enterprise_id: i64) -> Result<Logo> {
        admin_scope(caller, enterprise_id)?;
        self.db
            .fetch_optional(
                Query::select()
                    .columns([
                        EnterpriseLogos::ContentType,
                        EnterpriseLogos::Content,
                        EnterpriseLogos::UpdatedAt,
                    ])
                    .from(EnterpriseLogos::Table)
                    .and_where(Expr::col(EnterpriseLogos::EnterpriseId).eq(enterprise_id)),
            )
            .await?
            .ok_or_else(|| Error::not_found("This enterprise has no logo"))
    }

    /// Replaces the logo. The content decides the type (PNG, JPEG or GIF; never SVG, which
    /// can carry script): a declared image type that the bytes do not bear out is refused.
    pub async fn set_logo(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        declared_type: Option<&str>,
        content: Vec<u8>,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.enterprise_row(enterprise_id).await?;
        let content_type = check_logo(declared_type, &content)?;
        let size = content.len() as i64;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::insert()
                .into_table(EnterpriseLogos::Table)
                .columns([
                    EnterpriseLogos::EnterpriseId,
                    EnterpriseLogos::ContentType,
                    EnterpriseLogos::Content,
                    EnterpriseLogos::SizeBytes,
                    EnterpriseLogos::UpdatedBy,
                    EnterpriseLogos::UpdatedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    content_type.into(),
                    content.into(),
                    size.into(),
                    caller.user_id.into(),
                    now.into(),
                ])
                .on_conflict(
                    OnConflict::column(EnterpriseLogos::EnterpriseId)
                        .update_columns([
                            EnterpriseLogos::ContentType,
                            EnterpriseLogos::Content,
                            EnterpriseLogos::SizeBytes,
                            EnterpriseLogos::UpdatedBy,
                            EnterpriseLogos::UpdatedAt,
                        ])
                        .to_owned(),
                )
                .to_owned(),
        )
        .await?;
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "UPDATE",
                "logo",
                enterprise_id,
                None,
                Some(serde_json::json!({"contentType": content_type, "sizeBytes": size})),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(EnterpriseRecord {
            has_logo: true,
            ..before
        })
    }

    pub async fn remove_logo(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        now: DateTime<Utc>,
    ) -> Result<EnterpriseRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.enterprise_row(enterprise_id).await?;
        let mut tx = self.db.begin().await?;
        let removed = tx
            .execute(
                &Query::delete()
                    .from_table(EnterpriseLogos::Table)
                    .and_where(Expr::col(EnterpriseLogos::EnterpriseId).eq(enterprise_id))
                    .to_owned(),
            )
            .await?;
        if removed > 0 {
            AuditLog::record(
                &mut tx,
                change(
                    caller,
                    enterprise_id,
                    "DELETE",
                    "logo",
                    enterprise_id,
                    None,
                    None,
                ),
                now,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(EnterpriseRecord {
            has_logo: false,
            ..before
        })
    }

    // ----- dealers (bocs) -----

    fn boc_select() -> SelectStatement {
        Query::select()
            .columns([
                (Bocs::Table, Bocs::Id),
                (Bocs::Table, Bocs::EnterpriseId),
                (Bocs::Table, Bocs::BocCode),
                (Bocs::Table, Bocs::Name),
                (Bocs::Table, Bocs::DeactivatedAt),
            ])
            .expr_as(
                Expr::SubQuery(
                    None,
                    Box::new(
                        Query::select()
                            .expr(Expr::col((Stores::Table, Stores::Id)).count())
                            .from(Stores::Table)
                            .and_where(
                                Expr::col((Stores::Table, Stores::BocId))
                                    .equals((Bocs::Table, Bocs::Id)),
                            )
                            .to_owned()
                            .into(),
                    ),
                ),
                "store_count",
            )
            .from(Bocs::Table)
            .to_owned()
    }

    /// The enterprise's dealers, active and not (tenant admins).
    pub async fn bocs(&self, caller: &Caller, enterprise_id: i64) -> Result<Vec<BocRecord>> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        self.db
            .fetch_all(
                Self::boc_select()
                    .and_where(Expr::col((Bocs::Table, Bocs::EnterpriseId)).eq(enterprise_id))
                    .order_by((Bocs::Table, Bocs::BocCode), Order::Asc),
            )
            .await
    }

    async fn boc_row(&self, enterprise_id: i64, boc_id: i64) -> Result<BocRecord> {
        self.db
            .fetch_optional(
                Self::boc_select()
                    .and_where(Expr::col((Bocs::Table, Bocs::EnterpriseId)).eq(enterprise_id))
                    .and_where(Expr::col((Bocs::Table, Bocs::Id)).eq(boc_id)),
            )
            .await?
            .ok_or_else(|| Error::not_found("Dealer not found"))
    }

    pub async fn create_boc(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        input: BocInput,
        now: DateTime<Utc>,
    ) -> Result<BocRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        self.enterprise_row(enterprise_id).await?;
        let input = input.checked()?;
        let mut tx = self.db.begin().await?;
        let id: i64 = tx
            .fetch_scalar(
                &Query::insert()
                    .into_table(Bocs::Table)
                    .columns([
                        Bocs::EnterpriseId,
                        Bocs::BocCode,
                        Bocs::Name,
                        Bocs::CreatedAt,
                    ])
                    .values_panic([
                        enterprise_id.into(),
                        input.boc_code.clone().into(),
                        input.name.clone().into(),
                        now.into(),
                    ])
                    .returning_col(Bocs::Id)
                    .to_owned(),
            )
            .await
            .map_err(|e| conflict_on_unique(e, "Dealer code"))?;
        let created = BocRecord {
            id,
            enterprise_id,
            boc_code: input.boc_code,
            name: input.name,
            store_count: 0,
            deactivated_at: None,
        };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "CREATE",
                "boc",
                id,
                None,
                json(&created),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Renames a dealer and (de)activates it: a deactivated dealer's stores leave the pickers.
    pub async fn update_boc(
        &self,
        caller: &Caller,
        enterprise_id: i64,
        boc_id: i64,
        name: &str,
        active: bool,
        now: DateTime<Utc>,
    ) -> Result<BocRecord> {
        admin_scope(caller, enterprise_id)?;
        caller.require_any(TENANT_ADMINS)?;
        let before = self.boc_row(enterprise_id, boc_id).await?;
        let name = name.trim().to_owned();
        let mut problems = Vec::new();
        check_name("Dealer name", &name, &mut problems);
        finish(problems)?;
        let deactivated_at = match (active, before.deactivated_at) {
            (true, _) => None,
            (false, Some(at)) => Some(at),
            (false, None) => Some(now),
        };
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Bocs::Table)
                .value(Bocs::Name, name.clone())
                .value(Bocs::DeactivatedAt, deactivated_at)
                .and_where(Expr::col(Bocs::Id).eq(boc_id))
                .to_owned(),
        )
        .await?;
        let after = BocRecord {
            name,
            deactivated_at,
            ..before.clone()
        };
        AuditLog::record(
            &mut tx,
            change(
                caller,
                enterprise_id,
                "UPDATE",
                "boc",
                boc_id,
                json(&before),
                json(&after),
            ),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }
}

fn change(
    caller: &Caller,
    enterprise_id: i64,
    action: &'static str,
    entity: &'static str,
    entity_id: i64,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
) -> AuditChange {
    AuditChange {
        enterprise_id: Some(enterprise_id),
        actor: caller.user_id,
        action,
        entity,
        entity_id: entity_id.to_string(),
        before,
        after,
    }
}

/// The image type the bytes are, if it is one a logo may be; a declared type must agree.
fn check_logo(declared: Option<&str>, content: &[u8]) -> Result<&'static str> {
    if content.is_empty() {
        return Err(Error::invalid("The logo file is empty"));
    }
    if content.len() > MAX_LOGO_BYTES {
        return Err(Error::invalid(format!(
            "The logo is {} KB; it may be at most {} KB",
            content.len().div_ceil(1024),
            MAX_LOGO_BYTES / 1024
        )));
    }
    // Known by their bytes, as message media are; SVG is never accepted (it can carry script).
    let sniffed = crate::store::uploads::sniff_media_type(content)
        .filter(|t| t.starts_with("image/"))
        .ok_or_else(|| Error::invalid("The logo must be a PNG, JPEG or GIF image"))?;
    let declared = declared
        .map(|d| {
            d.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .filter(|d| !d.is_empty() && d != "application/octet-stream");
    if let Some(declared) = declared {
        let agrees = declared == sniffed || (declared == "image/jpg" && sniffed == "image/jpeg");
        if !agrees {
            return Err(Error::invalid(format!(
                "The file is sent as {declared} but is a {sniffed} image"
            )));
        }
    }
    Ok(sniffed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fuzzer sent weekday -2147483648 and the check subtracted past i32's end (a 500).
    #[test]
    fn any_weekday_number_is_a_problem_not_a_panic() {
        for weekday in [i32::MIN, -1, 0, 8, i32::MAX] {
            let mut problems = Vec::new();
            let day = DayHours {
                weekday,
                opens: Some("08:00".into()),
                closes: Some("17:00".into()),
            };
            assert!(check_hours(&[day], &mut problems).is_empty());
            assert_eq!(problems.len(), 1, "{weekday}: {problems:?}");
        }
    }

    #[test]
    fn a_logo_is_known_by_its_bytes_not_its_name() {
        let png = b"\x89PNG\r\n\x1a\n0000".to_vec();
        assert_eq!(check_logo(Some("image/png"), &png).unwrap(), "image/png");
        assert_eq!(check_logo(None, &png).unwrap(), "image/png");
        assert!(check_logo(Some("image/jpeg"), &png).is_err());
        assert!(check_logo(Some("image/svg+xml"), b"<svg onload=alert(1)>").is_err());
        assert!(check_logo(Some("image/png"), b"%PDF-1.4").is_err());
        assert!(check_logo(Some("image/png"), &vec![0x89; MAX_LOGO_BYTES + 1]).is_err());
    }

    #[test]
    fn every_problem_of_a_store_is_reported_at_once() {
        let input = StoreInput {
            boc_id: 1,
            store_code: "bad code!".into(),
            name: " ".into(),
            brand_code: None,
            phone_number: Some("12".into()),
            time_zone: "Mars/Olympus".into(),
            quiet_hours_start: "8".into(),
            quiet_hours_end: "21:00".into(),
            help_text: None,
            opening_hours: Some(vec![
                DayHours {
                    weekday: 8,
                    opens: None,
                    closes: None,
                },
                DayHours {
                    weekday: 1,
                    opens: Some("18:00".into()),
                    closes: Some("07:00".into()),
                },
            ]),
        };
        let Err(Error::Validation { errors, .. }) = input.checked() else {
            panic!("expected a validation error");
        };
        assert_eq!(errors.len(), 7, "{errors:?}");
    }

    #[test]
    fn a_closed_day_reads_back_as_closed() {
        let mut problems = Vec::new();
        let rows = check_hours(
            &[DayHours {
                weekday: 7,
                opens: None,
                closes: None,
            }],
            &mut problems,
        );
        assert!(problems.is_empty());
        let week = week_of(rows.into_iter());
        assert_eq!(week[6].opens, None);
        assert_eq!(week[0].opens.as_deref(), Some("07:00"));
    }
}
