//! Store codes in delivered rows (checklist H-S4): which store a code names, the rows whose
//! code names none (kept until an administrator maps the code), and the saved mappings.
//!
//! A code names a store by, in this order: a saved mapping, the store's own code, or the code
//! of a dealer with a single active store. Codes compare trimmed and upper-cased.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use sea_query::{Expr, ExprTrait, Func, OnConflict, Order, Query};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::imports::ImportReport;
use super::schema::{Bocs, StoreCodeMappings, Stores, UnmappedRecords, Users};
use crate::db::{Database, Transaction};
use crate::error::Result;
use import_files::{Record, RowProblem};

/// A store code as compared and kept: trimmed, upper-case.
pub fn normalize_code(code: &str) -> String {
    code.trim().to_uppercase()
}

/// The store a code names.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CodeTarget {
    pub code: String,
    pub boc_id: i64,
    pub store_id: i64,
    pub store_name: String,
}

/// A batch's rows sorted by the store their code names: those the report's store loads (all
/// of them when none carries a code), and a problem for each of the others (the unmapped ones
/// kept to wait for their mapping).
pub(super) struct Routed<'a> {
    pub own: Cow<'a, [Record]>,
    pub problems: Vec<RowProblem>,
}

/// A code no store answers to, with the rows waiting for it.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct UnmappedCode {
    pub code: String,
    pub rows: i64,
    pub files: i64,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
}

/// A saved mapping.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CodeMapping {
    pub id: i64,
    pub code: String,
    pub store_id: i64,
    pub store_code: String,
    pub store_name: String,
    pub mapped_by: Option<String>,
    pub mapped_at: DateTime<Utc>,
}

/// A waiting row as read back for loading.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct ParkedRow {
    pub id: i64,
    pub report_id: i64,
    pub record: String,
}

/// The stores `codes` name in the enterprise (codes already normalized).
pub async fn targets_of(
    tx: &mut Transaction,
    enterprise_id: i64,
    codes: &BTreeSet<String>,
) -> Result<HashMap<String, CodeTarget>> {
    let mut found = HashMap::new();
    if codes.is_empty() {
        return Ok(found);
    }
    let listed: Vec<String> = codes.iter().cloned().collect();
    // Dealers with one active store: the dealer's code names that store.
    let by_dealer: Vec<CodeTarget> = tx
        .fetch_all(
            Query::select()
                .expr_as(Func::upper(Expr::col((Bocs::Table, Bocs::BocCode))), "code")
                .expr_as(Expr::col((Stores::Table, Stores::BocId)), "boc_id")
                .expr_as(Expr::col((Stores::Table, Stores::Id)), "store_id")
                .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
                .from(Bocs::Table)
                .inner_join(
                    Stores::Table,
                    Expr::col((Stores::Table, Stores::BocId)).equals((Bocs::Table, Bocs::Id)),
                )
                .and_where(Expr::col((Bocs::Table, Bocs::EnterpriseId)).eq(enterprise_id))
                .and_where(
                    Func::upper(Expr::col((Bocs::Table, Bocs::BocCode))).is_in(listed.clone()),
                )
                .and_where(Expr::col((Stores::Table, Stores::DeactivatedAt)).is_null()),
        )
        .await?;
    let mut dealer_stores: HashMap<String, Vec<CodeTarget>> = HashMap::new();
    for target in by_dealer {
        dealer_stores
            .entry(target.code.clone())
            .or_default()
            .push(target);
    }
    for (code, mut stores) in dealer_stores {
        if stores.len() == 1 {
            found.insert(code, stores.remove(0));
        }
    }
    let by_store: Vec<CodeTarget> = tx
        .fetch_all(
            Query::select()
                .expr_as(Func::upper(Expr::col(Stores::StoreCode)), "code")
                .expr_as(Expr::col(Stores::BocId), "boc_id")
                .expr_as(Expr::col(Stores::Id), "store_id")
                .expr_as(Expr::col(Stores::Name), "store_name")
                .from(Stores::Table)
                .and_where(Expr::col(Stores::EnterpriseId).eq(enterprise_id))
                .and_where(Func::upper(Expr::col(Stores::StoreCode)).is_in(listed.clone())),
        )
        .await?;
    found.extend(by_store.into_iter().map(|t| (t.code.clone(), t)));
    let mapped: Vec<CodeTarget> = tx
        .fetch_all(
            Query::select()
                .expr_as(
                    Expr::col((StoreCodeMappings::Table, StoreCodeMappings::Code)),
                    "code",
                )
                .expr_as(Expr::col((Stores::Table, Stores::BocId)), "boc_id")
                .expr_as(Expr::col((Stores::Table, Stores::Id)), "store_id")
                .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
                .from(StoreCodeMappings::Table)
                .inner_join(
                    Stores::Table,
                    Expr::col((Stores::Table, Stores::Id))
                        .equals((StoreCodeMappings::Table, StoreCodeMappings::StoreId)),
                )
                .and_where(
                    Expr::col((StoreCodeMappings::Table, StoreCodeMappings::EnterpriseId))
                        .eq(enterprise_id),
                )
                .and_where(
                    Expr::col((StoreCodeMappings::Table, StoreCodeMappings::Code)).is_in(listed),
                ),
        )
        .await?;
    found.extend(mapped.into_iter().map(|t| (t.code.clone(), t)));
    Ok(found)
}

/// The store code a row names, if any.
pub(super) fn store_code_of(record: &Record) -> Option<String> {
    record
        .text(import_files::fields::STORE_CODE.key)
        .map(normalize_code)
        .filter(|c| !c.is_empty())
}

/// Sorts a batch by store code (see [`Routed`]), keeping the unmapped rows in the same
/// transaction as the batch.
pub(super) async fn route<'a>(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &'a [Record],
    now: DateTime<Utc>,
) -> Result<Routed<'a>> {
    let codes: BTreeSet<String> = records.iter().filter_map(store_code_of).collect();
    if codes.is_empty() {
        return Ok(Routed {
            own: Cow::Borrowed(records),
            problems: Vec::new(),
        });
    }
    let targets = targets_of(tx, report.enterprise_id, &codes).await?;
    let column = Some(import_files::fields::STORE_CODE.label.to_owned());
    let mut own = Vec::with_capacity(records.len());
    let mut problems = Vec::new();
    let mut parked = Vec::new();
    for record in records {
        let Some(code) = store_code_of(record) else {
            own.push(record.clone());
            continue;
        };
        match targets.get(&code) {
            Some(target) if Some(target.store_id) == report.store_id => own.push(record.clone()),
            Some(target) => problems.push(record.problem(
                column.clone(),
                format!(
                    "Store code {code} is {}'s: load this row into that store",
                    target.store_name
                ),
            )),
            None => {
                problems.push(record.problem(
                    column.clone(),
                    format!(
                        "Store code {code} is not mapped to a store: the row waits under \
                         Administration › Unmapped codes and loads once the code is mapped"
                    ),
                ));
                parked.push((code, record));
            }
        }
    }
    for chunk in parked.chunks(200) {
        let mut insert = Query::insert();
        insert
            .into_table(UnmappedRecords::Table)
            .columns([
                UnmappedRecords::EnterpriseId,
                UnmappedRecords::Code,
                UnmappedRecords::ReportId,
                UnmappedRecords::LineNumber,
                UnmappedRecords::Record,
                UnmappedRecords::Digest,
                UnmappedRecords::CreatedAt,
            ])
            .on_conflict(
                OnConflict::columns([
                    UnmappedRecords::EnterpriseId,
                    UnmappedRecords::Code,
                    UnmappedRecords::Digest,
                ])
                .do_nothing()
                .to_owned(),
            );
        for (code, record) in chunk {
            let digest = Sha256::digest(format!(
                "{}\u{1e}{}",
                report.file_type.as_str(),
                record.canonical_text()
            ));
            insert.values_panic([
                report.enterprise_id.into(),
                code.clone().into(),
                report.id.into(),
                i64::try_from(record.line).unwrap_or(i64::MAX).into(),
                record.to_stored().into(),
                digest
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect::<String>()
                    .into(),
                now.into(),
            ]);
        }
        tx.execute(&insert).await?;
    }
    Ok(Routed {
        own: Cow::Owned(own),
        problems,
    })
}

#[derive(Debug, Clone)]
pub struct UnmappedStore {
    db: Database,
}

impl UnmappedStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// The enterprise's codes with rows waiting, most rows first.
    pub async fn codes(&self, enterprise_id: i64) -> Result<Vec<UnmappedCode>> {
        self.db
            .fetch_all(
                Query::select()
                    .column((UnmappedRecords::Table, UnmappedRecords::Code))
                    .expr_as(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::Id)).count(),
                        "rows",
                    )
                    .expr_as(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::ReportId))
                            .count_distinct(),
                        "files",
                    )
                    .expr_as(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::CreatedAt)).min(),
                        "first_seen",
                    )
                    .expr_as(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::CreatedAt)).max(),
                        "last_seen",
                    )
                    .from(UnmappedRecords::Table)
                    .and_where(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::EnterpriseId))
                            .eq(enterprise_id),
                    )
                    .group_by_col((UnmappedRecords::Table, UnmappedRecords::Code))
                    .order_by_expr(
                        Expr::col((UnmappedRecords::Table, UnmappedRecords::Id)).count(),
                        Order::Desc,
                    )
                    .order_by((UnmappedRecords::Table, UnmappedRecords::Code), Order::Asc),
            )
            .await
    }

    /// The enterprise's saved mappings, by code.
    pub async fn mappings(&self, enterprise_id: i64) -> Result<Vec<CodeMapping>> {
        self.db
            .fetch_all(
                Query::select()
                    .column((StoreCodeMappings::Table, StoreCodeMappings::Id))
                    .column((StoreCodeMappings::Table, StoreCodeMappings::Code))
                    .column((StoreCodeMappings::Table, StoreCodeMappings::StoreId))
                    .expr_as(Expr::col((Stores::Table, Stores::StoreCode)), "store_code")
                    .expr_as(Expr::col((Stores::Table, Stores::Name)), "store_name")
                    .expr_as(Expr::col((Users::Table, Users::Username)), "mapped_by")
                    .column((StoreCodeMappings::Table, StoreCodeMappings::MappedAt))
                    .from(StoreCodeMappings::Table)
                    .inner_join(
                        Stores::Table,
                        Expr::col((Stores::Table, Stores::Id))
                            .equals((StoreCodeMappings::Table, StoreCodeMappings::StoreId)),
                    )
                    .left_join(
                        Users::Table,
                        Expr::col((Users::Table, Users::Id))
                            .equals((StoreCodeMappings::Table, StoreCodeMappings::MappedBy)),
                    )
                    .and_where(
                        Expr::col((StoreCodeMappings::Table, StoreCodeMappings::EnterpriseId))
                            .eq(enterprise_id),
                    )
                    .order_by(
                        (StoreCodeMappings::Table, StoreCodeMappings::Code),
                        Order::Asc,
                    ),
            )
            .await
    }

    /// The store `code` is mapped to, if it is.
    async fn mapped_store(
        tx: &mut Transaction,
        enterprise_id: i64,
        code: &str,
    ) -> Result<Option<i64>> {
        let mapped: Option<(i64,)> = tx
            .fetch_optional(
                Query::select()
                    .column(StoreCodeMappings::StoreId)
                    .from(StoreCodeMappings::Table)
                    .and_where(Expr::col(StoreCodeMappings::EnterpriseId).eq(enterprise_id))
                    .and_where(Expr::col(StoreCodeMappings::Code).eq(code)),
            )
            .await?;
        Ok(mapped.map(|(store_id,)| store_id))
    }

    /// Saves (or moves) the mapping of `code` to `store_id`; answers the mapping before.
    pub async fn save_mapping(
        tx: &mut Transaction,
        enterprise_id: i64,
        code: &str,
        store_id: i64,
        actor: i64,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>> {
        let before = Self::mapped_store(tx, enterprise_id, code).await?;
        tx.execute(
            Query::insert()
                .into_table(StoreCodeMappings::Table)
                .columns([
                    StoreCodeMappings::EnterpriseId,
                    StoreCodeMappings::Code,
                    StoreCodeMappings::StoreId,
                    StoreCodeMappings::MappedBy,
                    StoreCodeMappings::MappedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    code.into(),
                    store_id.into(),
                    actor.into(),
                    now.into(),
                ])
                .on_conflict(
                    OnConflict::columns([StoreCodeMappings::EnterpriseId, StoreCodeMappings::Code])
                        .update_columns([
                            StoreCodeMappings::StoreId,
                            StoreCodeMappings::MappedBy,
                            StoreCodeMappings::MappedAt,
                        ])
                        .to_owned(),
                ),
        )
        .await?;
        Ok(before)
    }

    /// Removes the mapping of `code`; answers the store it named, if there was one.
    pub async fn remove_mapping(
        tx: &mut Transaction,
        enterprise_id: i64,
        code: &str,
    ) -> Result<Option<i64>> {
        let before = Self::mapped_store(tx, enterprise_id, code).await?;
        tx.execute(
            Query::delete()
                .from_table(StoreCodeMappings::Table)
                .and_where(Expr::col(StoreCodeMappings::EnterpriseId).eq(enterprise_id))
                .and_where(Expr::col(StoreCodeMappings::Code).eq(code)),
        )
        .await?;
        Ok(before)
    }

    /// Drops the rows waiting for `code`; answers how many there were.
    pub async fn discard(tx: &mut Transaction, enterprise_id: i64, code: &str) -> Result<u64> {
        tx.execute(
            Query::delete()
                .from_table(UnmappedRecords::Table)
                .and_where(Expr::col(UnmappedRecords::EnterpriseId).eq(enterprise_id))
                .and_where(Expr::col(UnmappedRecords::Code).eq(code)),
        )
        .await
    }

    /// The next rows waiting for `code`, oldest first.
    pub(super) async fn next_parked(
        tx: &mut Transaction,
        enterprise_id: i64,
        code: &str,
        limit: u64,
    ) -> Result<Vec<ParkedRow>> {
        tx.fetch_all(
            Query::select()
                .columns([
                    UnmappedRecords::Id,
                    UnmappedRecords::ReportId,
                    UnmappedRecords::Record,
                ])
                .from(UnmappedRecords::Table)
                .and_where(Expr::col(UnmappedRecords::EnterpriseId).eq(enterprise_id))
                .and_where(Expr::col(UnmappedRecords::Code).eq(code))
                .order_by(UnmappedRecords::ReportId, Order::Asc)
                .order_by(UnmappedRecords::Id, Order::Asc)
                .limit(limit),
        )
        .await
    }

    pub(super) async fn delete_parked(tx: &mut Transaction, ids: &[i64]) -> Result<()> {
        tx.execute(
            Query::delete()
                .from_table(UnmappedRecords::Table)
                .and_where(Expr::col(UnmappedRecords::Id).is_in(ids.to_vec())),
        )
        .await?;
        Ok(())
    }
}
