-- The outbox is filled once per INSERT statement (from its transition table) instead of once
-- per row: a batch of 1,000 events costs one outbox insert, not 1,000 trigger calls. Rows are
-- numbered in (aggregate, sequence) order, so the relay still publishes each aggregate's events
-- in order. Same rows, same transaction as before.
DROP TRIGGER events_outbox ON events;
DROP FUNCTION events_to_outbox();

CREATE FUNCTION events_to_outbox_batch() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    INSERT INTO outbox (aggregate_type, aggregate_id, sequence, recorded_at)
    SELECT aggregate_type, aggregate_id, sequence, recorded_at
    FROM appended
    ORDER BY aggregate_type, aggregate_id, sequence;
    RETURN NULL;
END
$$;

CREATE TRIGGER events_outbox
    AFTER INSERT
    ON events
    REFERENCING NEW TABLE AS appended
    FOR EACH STATEMENT
EXECUTE FUNCTION events_to_outbox_batch();
