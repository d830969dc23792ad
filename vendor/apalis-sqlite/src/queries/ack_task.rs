use apalis_core::backend::TaskResult;
use sqlx::Executor;

/// Represents the result of a `SqliteTask` execution
pub type AckPayload = TaskResult<serde_json::Value>;

/// Ack multiple tasks, given a worker
pub async fn ack_tasks<'a, E>(
    executor: E,
    messages: &[&AckPayload],
    worker_id: &str,
) -> Result<u64, sqlx::Error>
where
    E: Executor<'a, Database = sqlx::Sqlite>,
{
    let payload_json =
        serde_json::to_string(&messages).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;

    // Bayline patch: a run-time query, as the patched SQL has no entry in `.sqlx`.
    let result = sqlx::query(include_str!("../../queries/task/ack.sql"))
        .bind(payload_json)
        .bind(worker_id)
        .execute(executor)
        .await?;

    Ok(result.rows_affected())
}
