-- Attempts counted per bucket and fixed window (kernel::limits): the account calls' limits per
-- address and per account hold across every replica because they are counted here. A bucket
-- names a keyed hash (`address:…` of the client's address, `account:…` the email's subject),
-- never an address or email in clear. Windows over a day old are deleted as the store runs.
CREATE TABLE attempt_counts (
    bucket        text NOT NULL,
    window_start  timestamptz NOT NULL,
    hits          integer NOT NULL,
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX attempt_counts_window ON attempt_counts (window_start);
