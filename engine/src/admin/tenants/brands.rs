//! Brands (H-S2): the makes a store may carry, shared by every enterprise. The platform
//! operators keep the list: add a brand, rename it, remove one no store carries. A brand's code
//! never changes once made, since the planners key on it (TOYOTA's error alerts, the
//! FIRST_SERVICE_{GMC,BUICK,CHEVROLET} campaigns).

use super::*;

/// A brand as the list shows it: how many stores (of any enterprise) carry it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    pub code: String,
    pub name: String,
    pub store_count: i64,
}

/// A brand as a platform admin writes it.
#[derive(Debug, Clone)]
pub struct BrandInput {
    pub code: String,
    pub name: String,
}

fn checked_name(name: &str) -> Result<String> {
    let name = name.trim().to_owned();
    let mut problems = Vec::new();
    check_name("Brand name", &name, &mut problems);
    finish(problems)?;
    Ok(name)
}

impl BrandInput {
    /// Codes are kept in capitals, as the planners and imports write them.
    fn checked(self) -> Result<Self> {
        let code = self.code.trim().to_ascii_uppercase();
        let mut problems = Vec::new();
        check_code("Brand code", &code, &mut problems);
        check_name("Brand name", self.name.trim(), &mut problems);
        finish(problems)?;
        Ok(Self {
            code,
            name: self.name.trim().to_owned(),
        })
    }
}

impl TenantAdmin {
    fn brand_select() -> SelectStatement {
        Query::select()
            .columns([(Brands::Table, Brands::Code), (Brands::Table, Brands::Name)])
            .expr_as(
                Expr::expr(
                    Query::select()
                        .expr(Expr::col((Stores::Table, Stores::Id)).count())
                        .from(Stores::Table)
                        .and_where(
                            Expr::col((Stores::Table, Stores::BrandId))
                                .equals((Brands::Table, Brands::Id)),
                        )
                        .to_owned(),
                ),
                "store_count",
            )
            .from(Brands::Table)
            .to_owned()
    }

    /// The brands a store may carry, by name.
    pub async fn brands(&self) -> Result<Vec<Brand>> {
        self.db
            .fetch_all(Self::brand_select().order_by((Brands::Table, Brands::Name), Order::Asc))
            .await
    }

    async fn brand(&self, code: &str) -> Result<Brand> {
        self.db
            .fetch_optional(
                Self::brand_select().and_where(Expr::col((Brands::Table, Brands::Code)).eq(code)),
            )
            .await?
            .ok_or_else(|| Error::not_found("Brand not found"))
    }

    pub async fn create_brand(
        &self,
        caller: &Caller,
        input: BrandInput,
        now: DateTime<Utc>,
    ) -> Result<Brand> {
        caller.require_any(PLATFORM_ADMINS)?;
        let input = input.checked()?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::insert()
                .into_table(Brands::Table)
                .columns([Brands::Code, Brands::Name])
                .values_panic([input.code.clone().into(), input.name.clone().into()])
                .to_owned(),
        )
        .await
        .map_err(|e| conflict_on_unique(e, "Brand code"))?;
        let created = Brand {
            code: input.code,
            name: input.name,
            store_count: 0,
        };
        AuditLog::record(
            &mut tx,
            brand_change(caller, "CREATE", &created.code, None, json(&created)),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(created)
    }

    /// Renames a brand; its code stays.
    pub async fn rename_brand(
        &self,
        caller: &Caller,
        code: &str,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Brand> {
        caller.require_any(PLATFORM_ADMINS)?;
        let before = self.brand(code).await?;
        let name = checked_name(name)?;
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(Brands::Table)
                .value(Brands::Name, name.clone())
                .and_where(Expr::col(Brands::Code).eq(code))
                .to_owned(),
        )
        .await?;
        let after = Brand {
            name,
            ..before.clone()
        };
        AuditLog::record(
            &mut tx,
            brand_change(caller, "UPDATE", code, json(&before), json(&after)),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(after)
    }

    /// Removes a brand no store carries (409 while one does: its stores would lose their make).
    pub async fn delete_brand(
        &self,
        caller: &Caller,
        code: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        caller.require_any(PLATFORM_ADMINS)?;
        let mut tx = self.db.begin().await?;
        let found: Option<Brand> = tx
            .fetch_optional(
                Self::brand_select().and_where(Expr::col((Brands::Table, Brands::Code)).eq(code)),
            )
            .await?;
        let brand = found.ok_or_else(|| Error::not_found("Brand not found"))?;
        if brand.store_count > 0 {
            return Err(Error::Conflict(format!(
                "{} is carried by {} store(s); give them another brand first",
                brand.name, brand.store_count
            )));
        }
        tx.execute(
            &Query::delete()
                .from_table(Brands::Table)
                .and_where(Expr::col(Brands::Code).eq(code))
                .to_owned(),
        )
        .await?;
        AuditLog::record(
            &mut tx,
            brand_change(caller, "DELETE", code, json(&brand), None),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Brands belong to no enterprise: their audit entries are the platform's.
fn brand_change(
    caller: &Caller,
    action: &'static str,
    code: &str,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
) -> AuditChange {
    AuditChange {
        enterprise_id: None,
        actor: caller.user_id,
        action,
        entity: "brand",
        entity_id: code.to_owned(),
        before,
        after,
    }
}
