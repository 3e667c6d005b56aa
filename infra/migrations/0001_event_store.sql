-- Event store (postgres-es layout) plus the transactional outbox.
-- The `events` and `snapshots` tables follow postgres-es' db/init.sql; `recorded_at` is ours
-- (postgres-es names its columns explicitly, so the default fills it).
CREATE TABLE events
(
    aggregate_type text                         NOT NULL,
    aggregate_id   text                         NOT NULL,
    sequence       bigint CHECK (sequence >= 0) NOT NULL,
    event_type     text                         NOT NULL,
    event_version  text                         NOT NULL,
    payload        json                         NOT NULL,
    metadata       json                         NOT NULL,
    recorded_at    timestamptz                  NOT NULL DEFAULT now(),
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

CREATE TABLE snapshots
(
    aggregate_type   text                                 NOT NULL,
    aggregate_id     text                                 NOT NULL,
    last_sequence    bigint CHECK (last_sequence >= 0)    NOT NULL,
    current_snapshot bigint CHECK (current_snapshot >= 0) NOT NULL,
    payload          json                                 NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id, last_sequence)
);

-- One row per appended event, written by the trigger below in the appending transaction.
-- The relay publishes unpublished rows in `id` order and then stamps `published_at`.
CREATE TABLE outbox
(
    id             bigserial PRIMARY KEY,
    event_id       uuid        NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    aggregate_type text        NOT NULL,
    aggregate_id   text        NOT NULL,
    sequence       bigint      NOT NULL,
    recorded_at    timestamptz NOT NULL,
    published_at   timestamptz,
    UNIQUE (aggregate_type, aggregate_id, sequence)
);

CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL;

CREATE FUNCTION events_to_outbox() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    INSERT INTO outbox (aggregate_type, aggregate_id, sequence, recorded_at)
    VALUES (NEW.aggregate_type, NEW.aggregate_id, NEW.sequence, NEW.recorded_at);
    RETURN NEW;
END
$$;

CREATE TRIGGER events_outbox
    AFTER INSERT
    ON events
    FOR EACH ROW
EXECUTE FUNCTION events_to_outbox();
