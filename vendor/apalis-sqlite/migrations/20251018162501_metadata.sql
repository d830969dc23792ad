ALTER TABLE
    Jobs
ADD 
    COLUMN metadata TEXT;
