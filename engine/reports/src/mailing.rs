//! Mailing lists (H-C15 to H-C20) and the reports mailed to them on a schedule. A list has a
//! code starting with `LIST-` (H-R1) and recipients with an e-mail address. A schedule
//! (`/api/data-sync/scheduler`, job kind `reports.mail`) runs [`ReportMailInput`]: the report
//! over the period just ended, exported to XLSX and e-mailed to every recipient with a short
//! summary.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_query::{Expr, ExprTrait, Func, Order, Query};
use serde::{Deserialize, Serialize};

use super::classification::CustomerType;
use super::export::{ExportFormat, ReportExportInput};
use super::kinds::ReportKind;
use super::{REPORT_RANGE, REPORT_ROLES};
use engine::auth::{Caller, Scope};
use engine::db::Database;
use engine::domain::JobInput;
use engine::error::{Error, Result};
use engine::store::schema::{MailingListDetails as Details, MailingLists as Lists};
use engine::templates::check_service_type;

/// What every list code starts with (H-R1); the UI shows 'List Should Start With LIST-' when
/// the error says "should begin with".
pub const LIST_PREFIX: &str = "LIST-";

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MailingList {
    pub id: i64,
    pub enterprise_id: i64,
    pub code: String,
    pub created_at: DateTime<Utc>,
    pub recipients: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Recipient {
    pub id: i64,
    pub mailing_list_id: i64,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A recipient as a request gives it.
#[derive(Debug, Clone, Default)]
pub struct NewRecipient {
    pub name: Option<String>,
    pub email: String,
    pub phone: Option<String>,
}

/// Mailing lists of an enterprise: managers keep them (the report roles).
#[derive(Debug, Clone)]
pub struct MailingLists {
    db: Database,
}

impl MailingLists {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub async fn list(&self, caller: &Caller, scope: &Scope) -> Result<Vec<MailingList>> {
        caller.require_any(REPORT_ROLES)?;
        self.db
            .fetch_all(
                Query::select()
                    .columns([
                        (Lists::Table, Lists::Id),
                        (Lists::Table, Lists::EnterpriseId),
                        (Lists::Table, Lists::Code),
                        (Lists::Table, Lists::CreatedAt),
                    ])
                    .expr_as(
                        Query::select()
                            .expr(Func::count(Expr::col((Details::Table, Details::Id))))
                            .from(Details::Table)
                            .and_where(
                                Expr::col((Details::Table, Details::MailingListId))
                                    .equals((Lists::Table, Lists::Id)),
                            )
                            .take(),
                        "recipients",
                    )
                    .from(Lists::Table)
                    .and_where(
                        Expr::col((Lists::Table, Lists::EnterpriseId)).eq(scope.enterprise_id),
                    )
                    .order_by((Lists::Table, Lists::Code), Order::Asc),
            )
            .await
    }

    /// The list `id` of the scope's enterprise (another's is not found).
    pub async fn get(&self, scope: &Scope, id: i64) -> Result<MailingList> {
        self.list_of(scope.enterprise_id, id).await
    }

    async fn list_of(&self, enterprise_id: i64, id: i64) -> Result<MailingList> {
        let found: Option<MailingList> = self
            .db
            .fetch_optional(
                Query::select()
                    .columns([
                        Lists::Id,
                        Lists::EnterpriseId,
                        Lists::Code,
                        Lists::CreatedAt,
                    ])
                    .expr_as(Expr::val(0i64), "recipients")
                    .from(Lists::Table)
                    .and_where(Expr::col(Lists::EnterpriseId).eq(enterprise_id))
                    .and_where(Expr::col(Lists::Id).eq(id)),
            )
            .await?;
        found.ok_or_else(|| Error::not_found(format!("Mailing list {id} not found")))
    }

    pub async fn create(
        &self,
        caller: &Caller,
        scope: &Scope,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<MailingList> {
        caller.require_any(REPORT_ROLES)?;
        let code = code.trim();
        if !code.starts_with(LIST_PREFIX) || code.len() == LIST_PREFIX.len() {
            return Err(Error::invalid(format!(
                "The mailing list code should begin with {LIST_PREFIX} and name the list"
            )));
        }
        if code.chars().count() > 100 {
            return Err(Error::invalid(
                "The mailing list code is longer than 100 characters",
            ));
        }
        let taken: i64 = self
            .db
            .fetch_scalar(
                Query::select()
                    .expr(Func::count(Expr::col(Lists::Id)))
                    .from(Lists::Table)
                    .and_where(Expr::col(Lists::EnterpriseId).eq(scope.enterprise_id))
                    .and_where(Expr::col(Lists::Code).eq(code)),
            )
            .await?;
        if taken > 0 {
            return Err(Error::Conflict(format!(
                "A mailing list {code} already exists"
            )));
        }
        let id: i64 = self
            .db
            .fetch_scalar(
                Query::insert()
                    .into_table(Lists::Table)
                    .columns([Lists::EnterpriseId, Lists::Code, Lists::CreatedAt])
                    .values_panic([scope.enterprise_id.into(), code.into(), now.into()])
                    .returning_col(Lists::Id),
            )
            .await?;
        self.list_of(scope.enterprise_id, id).await
    }

    /// Deletes a list and its recipients.
    pub async fn delete(&self, caller: &Caller, scope: &Scope, id: i64) -> Result<()> {
        caller.require_any(REPORT_ROLES)?;
        self.get(scope, id).await?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            Query::delete()
                .from_table(Details::Table)
                .and_where(Expr::col(Details::MailingListId).eq(id)),
        )
        .await?;
        tx.execute(
            Query::delete()
                .from_table(Lists::Table)
                .and_where(Expr::col(Lists::Id).eq(id)),
        )
        .await?;
        tx.commit().await
    }

    pub async fn recipients(
        &self,
        caller: &Caller,
        scope: &Scope,
        list_id: i64,
    ) -> Result<Vec<Recipient>> {
        caller.require_any(REPORT_ROLES)?;
        self.get(scope, list_id).await?;
        self.recipients_of(list_id).await
    }

    async fn recipients_of(&self, list_id: i64) -> Result<Vec<Recipient>> {
        self.db
            .fetch_all(
                Query::select()
                    .columns([
                        Details::Id,
                        Details::MailingListId,
                        Details::Name,
                        Details::Email,
                        Details::Phone,
                        Details::CreatedAt,
                    ])
                    .from(Details::Table)
                    .and_where(Expr::col(Details::MailingListId).eq(list_id))
                    .order_by(Details::Id, Order::Asc),
            )
            .await
    }

    /// Adds a recipient: an e-mail address is required, once per list.
    pub async fn add_recipient(
        &self,
        caller: &Caller,
        scope: &Scope,
        list_id: i64,
        recipient: &NewRecipient,
        now: DateTime<Utc>,
    ) -> Result<Recipient> {
        caller.require_any(REPORT_ROLES)?;
        self.get(scope, list_id).await?;
        let email = recipient.email.trim().to_ascii_lowercase();
        let valid = email.len() <= 254
            && email.split_once('@').is_some_and(|(user, host)| {
                !user.is_empty() && host.contains('.') && !host.starts_with('.')
            })
            && !email.contains(char::is_whitespace);
        if !valid {
            return Err(Error::invalid(format!(
                "{:?} is not an e-mail address",
                recipient.email.trim()
            )));
        }
        let existing = self.recipients_of(list_id).await?;
        if existing.len() >= 500 {
            return Err(Error::invalid(
                "A mailing list holds at most 500 recipients",
            ));
        }
        if existing
            .iter()
            .any(|r| r.email.as_deref() == Some(email.as_str()))
        {
            return Err(Error::Conflict(format!("{email} is already on the list")));
        }
        let clean = |text: &Option<String>| {
            text.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(|t| t.chars().take(200).collect::<String>())
        };
        let id: i64 = self
            .db
            .fetch_scalar(
                Query::insert()
                    .into_table(Details::Table)
                    .columns([
                        Details::MailingListId,
                        Details::Name,
                        Details::Email,
                        Details::Phone,
                        Details::CreatedAt,
                    ])
                    .values_panic([
                        list_id.into(),
                        clean(&recipient.name).into(),
                        email.into(),
                        clean(&recipient.phone).into(),
                        now.into(),
                    ])
                    .returning_col(Details::Id),
            )
            .await?;
        self.recipients_of(list_id)
            .await?
            .into_iter()
            .find(|r| r.id == id)
            .ok_or_else(|| Error::Internal("recipient not stored".into()))
    }

    pub async fn remove_recipient(&self, caller: &Caller, scope: &Scope, id: i64) -> Result<()> {
        caller.require_any(REPORT_ROLES)?;
        let removed = self
            .db
            .execute(
                Query::delete()
                    .from_table(Details::Table)
                    .and_where(Expr::col(Details::Id).eq(id))
                    .and_where(
                        Expr::col(Details::MailingListId).in_subquery(
                            Query::select()
                                .column(Lists::Id)
                                .from(Lists::Table)
                                .and_where(Expr::col(Lists::EnterpriseId).eq(scope.enterprise_id))
                                .take(),
                        ),
                    ),
            )
            .await?;
        if removed == 0 {
            return Err(Error::not_found(format!(
                "Mailing list entry {id} not found"
            )));
        }
        Ok(())
    }

    /// The recipients a scheduled report goes to (the worker's read; the schedule was checked
    /// when it was made).
    pub async fn addresses(
        &self,
        enterprise_id: i64,
        list_id: i64,
    ) -> Result<(MailingList, Vec<Recipient>)> {
        let list = self.list_of(enterprise_id, list_id).await?;
        let recipients = self.recipients_of(list_id).await?;
        Ok((list, recipients))
    }
}

/// How much time a scheduled report covers: the day, week or month that just ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum ReportPeriod {
    Day,
    Week,
    Month,
}

impl ReportPeriod {
    /// The inclusive days of the period that ended before `today` (the schedule's local day).
    pub fn window(self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        let yesterday = today - Duration::days(1);
        match self {
            Self::Day => (yesterday, yesterday),
            Self::Week => (today - Duration::days(7), yesterday),
            Self::Month => {
                let first_of_this = today.with_day(1).unwrap_or(today);
                let last_of_previous = first_of_this - Duration::days(1);
                (
                    last_of_previous.with_day(1).unwrap_or(last_of_previous),
                    last_of_previous,
                )
            }
        }
    }
}

/// `reports.mail`'s input: which report, for which stores, over which period, to which list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportMailInput {
    pub report: String,
    pub period: ReportPeriod,
    pub mailing_list_id: i64,
    pub store_ids: Vec<i64>,
    #[serde(default)]
    pub service_types: Vec<String>,
    #[serde(default)]
    pub customer_type: Option<String>,
    /// The IANA zone whose calendar the period follows (the store's); UTC when absent.
    #[serde(default)]
    pub time_zone: Option<String>,
}

impl JobInput for ReportMailInput {
    const KIND: &'static str = engine::domain::JobKindName::ReportMail.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if let Err(e) = ReportKind::from_key(&self.report) {
            problems.push(format!("report: {e}"));
        }
        if self.store_ids.is_empty() || self.store_ids.len() > 5_000 {
            problems.push("storeIds: name 1 to 5000 stores".to_owned());
        }
        for service_type in &self.service_types {
            if let Err(e) = check_service_type(service_type) {
                problems.push(format!("serviceTypes: {e}"));
            }
        }
        if let Some(zone) = &self.time_zone
            && zone.parse::<Tz>().is_err()
        {
            problems.push(format!("timeZone: {zone:?} is not an IANA time zone"));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid(problems.join("; ")))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        self.store_ids.clone()
    }
}

impl ReportMailInput {
    pub fn roles(&self) -> &'static [engine::domain::Role] {
        ReportKind::from_key(&self.report).map_or(REPORT_ROLES, ReportKind::roles)
    }

    /// The export this run makes: the period that ended before `now` in the schedule's zone.
    pub fn export_at(&self, now: DateTime<Utc>) -> Result<ReportExportInput> {
        let zone: Tz = self
            .time_zone
            .as_deref()
            .unwrap_or("UTC")
            .parse()
            .map_err(|_| Error::invalid("timeZone is not an IANA time zone"))?;
        let today = now.with_timezone(&zone).date_naive();
        let (start_date, end_date) = self.period.window(today);
        debug_assert!((end_date - start_date).num_days() < REPORT_RANGE.days);
        let input = ReportExportInput {
            report: self.report.clone(),
            format: ExportFormat::Xlsx,
            store_ids: self.store_ids.clone(),
            service_types: self.service_types.clone(),
            start_date,
            end_date,
            customer_type: CustomerType::from_code(self.customer_type.as_deref())
                .map(|t| t.code().to_owned()),
        };
        input.check()?;
        Ok(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn periods_end_the_day_before() {
        let today = day("2026-03-01");
        assert_eq!(
            ReportPeriod::Day.window(today),
            (day("2026-02-28"), day("2026-02-28"))
        );
        assert_eq!(
            ReportPeriod::Week.window(today),
            (day("2026-02-22"), day("2026-02-28"))
        );
        assert_eq!(
            ReportPeriod::Month.window(today),
            (day("2026-02-01"), day("2026-02-28"))
        );
        assert_eq!(
            ReportPeriod::Month.window(day("2026-01-15")),
            (day("2025-12-01"), day("2025-12-31"))
        );
    }

    #[test]
    fn a_mail_input_is_checked_and_follows_its_zone() {
        let input = ReportMailInput {
            report: "monthly".into(),
            period: ReportPeriod::Day,
            mailing_list_id: 1,
            store_ids: vec![1],
            service_types: Vec::new(),
            customer_type: None,
            time_zone: Some("America/Los_Angeles".into()),
        };
        assert!(input.check().is_ok());
        // 03:00 UTC on 2 March is still 1 March in Los Angeles: the day before is 28 February.
        let now = "2026-03-02T03:00:00Z".parse().unwrap();
        let export = input.export_at(now).unwrap();
        assert_eq!(export.start_date, day("2026-02-28"));
        assert_eq!(export.format, ExportFormat::Xlsx);
        let bad = ReportMailInput {
            report: "nope".into(),
            time_zone: Some("Mars/Olympus".into()),
            store_ids: Vec::new(),
            ..input
        };
        let message = bad.check().unwrap_err().to_string();
        for part in ["report", "storeIds", "timeZone"] {
            assert!(message.contains(part), "{message}");
        }
    }
}

/// What a scheduled report's run sent.
#[derive(Debug, Clone)]
pub struct Mailed {
    pub list_code: String,
    pub sent: usize,
    pub failed: usize,
    pub rows: u64,
    pub file_name: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
}

impl super::Reports {
    /// Runs a scheduled report: exports it to XLSX and e-mails it with a summary to every
    /// recipient of the list; each e-mail is kept in the outbox under the run.
    pub async fn mail(
        &self,
        input: &ReportMailInput,
        enterprise_id: i64,
        run_id: i64,
        exports: &super::ExportSettings,
        mailer: &engine::messaging::email::Mailer,
        now: DateTime<Utc>,
    ) -> Result<Mailed> {
        use engine::messaging::email::{Attachment, Email, build_with_attachment};

        let (list, recipients) = MailingLists::new(self.db().clone())
            .addresses(enterprise_id, input.mailing_list_id)
            .await?;
        let addresses: Vec<&Recipient> = recipients.iter().filter(|r| r.email.is_some()).collect();
        if addresses.is_empty() {
            return Err(Error::invalid(format!(
                "The mailing list {} has no one to send the report to",
                list.code
            )));
        }
        let export = input.export_at(now)?;
        let kind = export.kind()?;
        let filter = export.filter(enterprise_id);
        let path = exports.path_of(run_id, export.format);
        let written = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let exported = self.export(&export, enterprise_id, &path, written).await?;
        let content =
            std::fs::read(&path).map_err(|e| Error::Internal(format!("report mail: {e}")))?;
        let summary = self.summary_lines(kind, &filter, &export).await?;
        let subject = format!(
            "{}: {} to {}",
            kind.title(),
            export.start_date,
            export.end_date
        );
        let html = format!(
            "<p>{} for {} to {}, attached as a spreadsheet ({} rows).</p><ul>{}</ul><p>Sent by Bayline to the mailing list {}.</p>",
            engine::templates::escape_html(kind.title()),
            export.start_date,
            export.end_date,
            exported.rows,
            summary
                .iter()
                .map(|line| format!("<li>{}</li>", engine::templates::escape_html(line)))
                .collect::<String>(),
            engine::templates::escape_html(&list.code),
        );
        let attachment = Attachment {
            file_name: export.file_name(),
            content_type: export.format.content_type().to_owned(),
            content,
        };
        let messages = engine::store::messages::MessageStore::new(self.db().clone());
        let (mut sent, mut failed) = (0, 0);
        for recipient in addresses {
            let email = Email {
                from_name: "Bayline Reports".to_owned(),
                from_address: "reports@bayline.local".to_owned(),
                to_name: recipient.name.clone().unwrap_or_default(),
                to_address: recipient.email.clone().unwrap_or_default(),
                subject: subject.clone(),
                html_body: html.clone(),
                calendar: None,
                message_id: None,
            };
            let built = build_with_attachment(&email, &attachment)?;
            let outcome = mailer.send(&built).await;
            if outcome.went() {
                sent += 1;
            } else {
                failed += 1;
            }
            messages
                .record_job_email(
                    engine::store::messages::JobEmailRun {
                        enterprise_id,
                        job_run_id: run_id,
                    },
                    &email,
                    &outcome.mime,
                    outcome.status,
                    outcome.error.as_deref(),
                    now,
                )
                .await?;
        }
        Ok(Mailed {
            list_code: list.code,
            sent,
            failed,
            rows: exported.rows,
            file_name: export.file_name(),
            start_date: export.start_date,
            end_date: export.end_date,
        })
    }

    /// The e-mail's summary: the row count and the totals of the first number columns.
    async fn summary_lines(
        &self,
        kind: ReportKind,
        filter: &super::ReportFilter,
        export: &ReportExportInput,
    ) -> Result<Vec<String>> {
        use super::table::{Cell, ColumnType};
        let table = self
            .table(
                kind,
                filter,
                export.options(),
                engine::store::PageRequest { page: 0, size: 1 },
            )
            .await?;
        let mut lines = vec![format!("{} rows", table.total_elements)];
        if let Some(totals) = &table.totals {
            lines.extend(
                table
                    .columns
                    .iter()
                    .zip(totals)
                    .filter(|(c, _)| matches!(c.kind, ColumnType::Integer | ColumnType::Money))
                    .take(6)
                    .map(|(column, cell)| match cell {
                        Cell::Integer(n) => format!("{}: {n}", column.label),
                        Cell::Decimal(n) => format!("{}: {n:.2}", column.label),
                        _ => format!("{}: -", column.label),
                    }),
            );
        }
        Ok(lines)
    }
}
