-- Idempotent commands and dead letters.

-- The answer of a POST that carried an Idempotency-Key, per visitor, kept 24 hours. Commands
-- that append events write their row in the appending transaction.
CREATE TABLE idempotency_keys
(
    scope       text        NOT NULL,
    key         text        NOT NULL,
    fingerprint bytea       NOT NULL,
    status      smallint    NOT NULL,
    headers     jsonb       NOT NULL,
    body        bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Messages a consumer could not apply after bounded retries (undecodable, or refused by the
-- read model), parked with the error so the consumer moves on. `storefront deadletters list`
-- shows them, `storefront deadletters retry` applies them again.
CREATE TABLE dead_letters
(
    id             bigserial PRIMARY KEY,
    consumer       text        NOT NULL,
    topic          text        NOT NULL,
    partition      integer     NOT NULL,
    "offset"       bigint      NOT NULL,
    aggregate_type text,
    aggregate_id   text,
    sequence       bigint,
    event_type     text,
    message        text        NOT NULL,
    error          text        NOT NULL,
    attempts       integer     NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (consumer, topic, partition, "offset")
);
