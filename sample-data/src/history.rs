//! The demo world's Jobs history (issue 36). The world's conversations were opened by bulk
//! initiation, store by store and day by day, over the weeks they go back; each such day is
//! written as the `outreach.bulk-initiate` run that opened them: its input (the leads), its
//! counts and times, its leads with their opening texts, and a log line. A fresh install's Jobs
//! dashboard and the bulk reports then show that history instead of nothing.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use engine::domain::{JobKindName, JobStatus};
use engine::outreach::{BulkInitiationInput, BulkOutcome, BulkSelection};
use engine::store::schema::*;
use engine::{Database, Result};
use sea_query::{Expr, ExprTrait, Order, Query};

/// A lead's opening text: (lead, store, enterprise, customer, service type, message, sent at).
type Opening = (i64, i64, i64, i64, String, i64, DateTime<Utc>);

/// Writes one succeeded bulk-initiation run per store and day of the world's opening texts;
/// returns how many.
pub async fn write_bulk_history(db: &Database) -> Result<u64> {
    // Every automated text to a lead, in lead and message order: the first of each lead is
    // its opening.
    let texts: Vec<Opening> = db
        .fetch_all(
            Query::select()
                .column((MessageInstances::Table, MessageInstances::FsiId))
                .column((MessageInstances::Table, MessageInstances::StoreId))
                .column((MessageInstances::Table, MessageInstances::EnterpriseId))
                .column((MessageInstances::Table, MessageInstances::CustomerId))
                .column((
                    FutureServiceInteractions::Table,
                    FutureServiceInteractions::ServiceType,
                ))
                .column((MessageInstances::Table, MessageInstances::Id))
                .column((MessageInstances::Table, MessageInstances::CreatedAt))
                .from(MessageInstances::Table)
                .inner_join(
                    FutureServiceInteractions::Table,
                    Expr::col((
                        FutureServiceInteractions::Table,
                        FutureServiceInteractions::Id,
                    ))
                    .equals((MessageInstances::Table, MessageInstances::FsiId)),
                )
                .and_where(
                    Expr::col((MessageInstances::Table, MessageInstances::IsAutomated)).eq(true),
                )
                .and_where(
                    Expr::col((MessageInstances::Table, MessageInstances::Direction)).eq("SENT"),
                )
                .and_where(
                    Expr::col((MessageInstances::Table, MessageInstances::MessageType)).eq("SMS"),
                )
                .order_by(
                    (MessageInstances::Table, MessageInstances::FsiId),
                    Order::Asc,
                )
                .order_by((MessageInstances::Table, MessageInstances::Id), Order::Asc),
        )
        .await?;
    let mut days: BTreeMap<(NaiveDate, i64), Vec<Opening>> = BTreeMap::new();
    let mut last_lead = None;
    for text in texts {
        if last_lead == Some(text.0) {
            continue;
        }
        last_lead = Some(text.0);
        days.entry((text.6.date_naive(), text.1))
            .or_default()
            .push(text);
    }
    let mut runs = 0;
    for ((_, store_id), openings) in days {
        write_run(db, store_id, &openings).await?;
        runs += 1;
    }
    Ok(runs)
}

/// The run that opened one store's conversations of one day.
async fn write_run(db: &Database, store_id: i64, openings: &[Opening]) -> Result<()> {
    let Some(first) = openings.iter().map(|o| o.6).min() else {
        return Ok(());
    };
    let last = openings.iter().map(|o| o.6).max().unwrap_or(first);
    let enterprise_id = openings[0].2;
    let boc_id: Option<i64> = db
        .fetch_scalar(
            Query::select()
                .column(Stores::BocId)
                .from(Stores::Table)
                .and_where(Expr::col(Stores::Id).eq(store_id)),
        )
        .await?;
    let started_by = enterprise_admin(db, enterprise_id).await?;
    let input = BulkInitiationInput {
        enterprise_id,
        boc_id: None,
        store_id: None,
        store_ids: vec![store_id],
        selection: BulkSelection {
            lead_ids: openings.iter().map(|o| o.0).collect(),
            list: None,
            filter: None,
        },
        templates: Vec::new(),
    };
    let count = openings.len() as i64;
    let run_id: i64 = db
        .fetch_scalar(
            Query::insert()
                .into_table(JobRuns::Table)
                .columns([
                    JobRuns::EnterpriseId,
                    JobRuns::BocId,
                    JobRuns::StoreId,
                    JobRuns::Kind,
                    JobRuns::Input,
                    JobRuns::Status,
                    JobRuns::Progress,
                    JobRuns::TotalCount,
                    JobRuns::DoneCount,
                    JobRuns::Result,
                    JobRuns::Attempt,
                    JobRuns::MaxAttempts,
                    JobRuns::CreatedBy,
                    JobRuns::CreatedAt,
                    JobRuns::StartedAt,
                    JobRuns::HeartbeatAt,
                    JobRuns::FinishedAt,
                ])
                .values_panic([
                    enterprise_id.into(),
                    boc_id.into(),
                    store_id.into(),
                    JobKindName::BulkInitiate.as_str().into(),
                    serde_json::to_value(&input)
                        .unwrap_or(serde_json::Value::Null)
                        .into(),
                    JobStatus::Succeeded.as_str().into(),
                    100.into(),
                    count.into(),
                    count.into(),
                    // As the kind's own summary reads.
                    serde_json::json!({
                        "message": "Successfully Initiated!",
                        "sent": count,
                        "deferred": 0,
                        "skipped": 0,
                        "failed": 0,
                        "skippedByReason": {},
                    })
                    .into(),
                    1.into(),
                    5.into(),
                    started_by.into(),
                    (first - Duration::seconds(20)).into(),
                    (first - Duration::seconds(15)).into(),
                    last.into(),
                    (last + Duration::seconds(2)).into(),
                ])
                .returning_col(JobRuns::Id),
        )
        .await?;
    // In chunks: a statement's placeholders are limited.
    for chunk in openings.chunks(1_000) {
        write_leads(db, run_id, first - Duration::seconds(15), chunk).await?;
    }
    db.execute(
        Query::insert()
            .into_table(JobRunLogs::Table)
            .columns([
                JobRunLogs::JobRunId,
                JobRunLogs::Level,
                JobRunLogs::Line,
                JobRunLogs::LoggedAt,
            ])
            .values_panic([
                run_id.into(),
                "info".into(),
                format!("texted {count} of {count} leads").into(),
                last.into(),
            ]),
    )
    .await?;
    Ok(())
}

/// A run's leads, each texted its opening.
async fn write_leads(
    db: &Database,
    run_id: i64,
    created: DateTime<Utc>,
    openings: &[Opening],
) -> Result<()> {
    let mut leads = Query::insert();
    leads.into_table(BulkInitiationLeads::Table).columns([
        BulkInitiationLeads::JobRunId,
        BulkInitiationLeads::EnterpriseId,
        BulkInitiationLeads::StoreId,
        BulkInitiationLeads::FsiId,
        BulkInitiationLeads::CustomerId,
        BulkInitiationLeads::ServiceType,
        BulkInitiationLeads::Outcome,
        BulkInitiationLeads::MessageId,
        BulkInitiationLeads::ClaimedAt,
        BulkInitiationLeads::FinishedAt,
        BulkInitiationLeads::CreatedAt,
    ]);
    for (fsi, store, enterprise, customer, service_type, message, at) in openings {
        leads.values_panic([
            run_id.into(),
            (*enterprise).into(),
            (*store).into(),
            (*fsi).into(),
            (*customer).into(),
            service_type.clone().into(),
            BulkOutcome::Sent.as_str().into(),
            (*message).into(),
            (*at).into(),
            (*at).into(),
            created.into(),
        ]);
    }
    db.execute(&leads).await?;
    Ok(())
}

/// The enterprise's first enterprise admin, who starts its bulk runs in the demo.
async fn enterprise_admin(db: &Database, enterprise_id: i64) -> Result<Option<i64>> {
    db.fetch_optional::<(i64,)>(
        Query::select()
            .column((Users::Table, Users::Id))
            .from(Users::Table)
            .inner_join(
                UserRoles::Table,
                Expr::col((UserRoles::Table, UserRoles::UserId)).equals((Users::Table, Users::Id)),
            )
            .and_where(Expr::col((Users::Table, Users::EnterpriseId)).eq(enterprise_id))
            .and_where(Expr::col((UserRoles::Table, UserRoles::Role)).eq("ENTERPRISE_ADMIN"))
            .order_by((Users::Table, Users::Id), Order::Asc)
            .limit(1),
    )
    .await
    .map(|found| found.map(|(id,)| id))
}
