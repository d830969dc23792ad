SELECT
    *
FROM
    Jobs
WHERE
    id = ?1
LIMIT
    1;
