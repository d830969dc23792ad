//! What the assistant understood of each inbound message: its intents (with the words that
//! gave each away, which are final, and whether the reply carried several) and the reply as a
//! whole (requested time, response insight, carrier keyword). Understanding a message again
//! replaces what was stored.

use chrono::{DateTime, NaiveDateTime, Utc};
use sea_query::{Expr, ExprTrait, OnConflict, Order, Query};
use serde::Serialize;

use super::schema::{MessageIntents, MessageUnderstandings};
use crate::db::Database;
use crate::domain::messages::ComplianceKeyword;
use crate::error::Result;
use understanding::{RequestedTime, Understanding};

const LOCAL_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

const SUMMARY_COLUMNS: [MessageUnderstandings; 7] = [
    MessageUnderstandings::MessageId,
    MessageUnderstandings::RequestedStart,
    MessageUnderstandings::RequestedGrain,
    MessageUnderstandings::RequestedEnd,
    MessageUnderstandings::ResponseInsight,
    MessageUnderstandings::CarrierKeyword,
    MessageUnderstandings::UnderstoodAt,
];

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StoredIntent {
    pub intent_name: String,
    pub confidence: f64,
    pub evidence: Option<String>,
    pub is_final: bool,
    pub is_multi: bool,
}

#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StoredUnderstanding {
    pub message_id: i64,
    /// Local wall-clock time in the store's zone, `YYYY-MM-DDTHH:MM:SS`.
    pub requested_start: Option<String>,
    pub requested_grain: Option<String>,
    pub requested_end: Option<String>,
    pub response_insight: Option<String>,
    pub carrier_keyword: Option<String>,
    pub understood_at: DateTime<Utc>,
}

/// A message's stored understanding with its intent rows.
#[derive(Debug, Clone)]
pub struct MessageUnderstanding {
    pub summary: StoredUnderstanding,
    pub intents: Vec<StoredIntent>,
}

fn keyword_name(keyword: ComplianceKeyword) -> &'static str {
    match keyword {
        ComplianceKeyword::OptOut => "OPT_OUT",
        ComplianceKeyword::OptIn => "OPT_IN",
        ComplianceKeyword::Help => "HELP",
    }
}

fn local(at: NaiveDateTime) -> String {
    at.format(LOCAL_FORMAT).to_string()
}

#[derive(Debug, Clone)]
pub struct UnderstandingStore {
    db: Database,
}

impl UnderstandingStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Stores the understanding of a message, replacing any earlier one, in one transaction.
    pub async fn save(
        &self,
        message_id: i64,
        understanding: &Understanding,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let multi = understanding.intents.len() > 1;
        let mut rows: Vec<(&str, f64, &str, bool, bool)> = understanding
            .intents
            .iter()
            .map(|hit| {
                (
                    hit.intent.code(),
                    f64::from(hit.confidence),
                    hit.evidence.as_str(),
                    true,
                    multi,
                )
            })
            .collect();
        for candidate in &understanding.candidates {
            if !understanding.has(candidate.intent) {
                rows.push((
                    candidate.intent.code(),
                    f64::from(candidate.confidence),
                    candidate.evidence.as_str(),
                    false,
                    false,
                ));
            }
        }
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::delete()
                .from_table(MessageIntents::Table)
                .and_where(Expr::col(MessageIntents::MessageId).eq(message_id))
                .to_owned(),
        )
        .await?;
        let mut insert = Query::insert();
        insert.into_table(MessageIntents::Table).columns([
            MessageIntents::MessageId,
            MessageIntents::IntentName,
            MessageIntents::Confidence,
            MessageIntents::Evidence,
            MessageIntents::IsFinal,
            MessageIntents::IsMulti,
            MessageIntents::CreatedAt,
        ]);
        for (name, confidence, evidence, is_final, is_multi) in &rows {
            insert.values_panic([
                message_id.into(),
                (*name).into(),
                (*confidence).into(),
                (*evidence).into(),
                (*is_final).into(),
                (*is_multi).into(),
                now.into(),
            ]);
        }
        if !rows.is_empty() {
            tx.execute(&insert).await?;
        }
        let requested: Option<&RequestedTime> = understanding.requested_time.as_ref();
        let summary = Query::insert()
            .into_table(MessageUnderstandings::Table)
            .columns(SUMMARY_COLUMNS)
            .values_panic([
                message_id.into(),
                requested.map(|t| local(t.start)).into(),
                requested.map(|t| t.grain.as_str()).into(),
                requested.and_then(|t| t.end).map(local).into(),
                understanding.response_insight.map(|i| i.as_str()).into(),
                understanding.carrier_keyword.map(keyword_name).into(),
                now.into(),
            ])
            .on_conflict(
                OnConflict::column(MessageUnderstandings::MessageId)
                    .update_columns([
                        MessageUnderstandings::RequestedStart,
                        MessageUnderstandings::RequestedGrain,
                        MessageUnderstandings::RequestedEnd,
                        MessageUnderstandings::ResponseInsight,
                        MessageUnderstandings::CarrierKeyword,
                        MessageUnderstandings::UnderstoodAt,
                    ])
                    .to_owned(),
            )
            .to_owned();
        tx.execute(&summary).await?;
        tx.commit().await
    }

    /// The stored understanding of a message, if it has been understood.
    pub async fn find(&self, message_id: i64) -> Result<Option<MessageUnderstanding>> {
        let summary = Query::select()
            .columns(SUMMARY_COLUMNS)
            .from(MessageUnderstandings::Table)
            .and_where(Expr::col(MessageUnderstandings::MessageId).eq(message_id))
            .to_owned();
        let Some(summary) = self
            .db
            .fetch_optional::<StoredUnderstanding>(&summary)
            .await?
        else {
            return Ok(None);
        };
        let intents = Query::select()
            .columns([
                MessageIntents::IntentName,
                MessageIntents::Confidence,
                MessageIntents::Evidence,
                MessageIntents::IsFinal,
                MessageIntents::IsMulti,
            ])
            .from(MessageIntents::Table)
            .and_where(Expr::col(MessageIntents::MessageId).eq(message_id))
            .order_by(MessageIntents::IsFinal, Order::Desc)
            .order_by(MessageIntents::Confidence, Order::Desc)
            .order_by(MessageIntents::Id, Order::Asc)
            .to_owned();
        let intents = self.db.fetch_all::<StoredIntent>(&intents).await?;
        Ok(Some(MessageUnderstanding { summary, intents }))
    }
}
