WITH j AS (
    SELECT
        value ->> 'task_id' AS task_id,
        value ->> 'attempt' AS attempt,
        value ->> 'result' AS result,
        value ->> 'status' AS status
    FROM
        json_each(?1)
)
UPDATE
    Jobs
SET
    status = j.status,
    attempts = j.attempt,
    last_result = j.result,
    done_at = strftime('%s', 'now')
FROM
    j
WHERE
    Jobs.id = j.task_id
    -- Bayline patch: `+` keeps SQLite from reading the whole lock_by index (every task this
    -- worker ever ran) and re-parsing ?1 per row; the lookup goes by primary key instead.
    AND +Jobs.lock_by = ?2
