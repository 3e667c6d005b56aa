-- Personal data in an immutable log (docs/privacy.md).

-- One data key per subject (a pseudonymous id), wrapped by a master key from configuration
-- (MASTER_KEYS). Personal fields of events are sealed with it; deleting the row
-- (`storefront privacy forget`) shreds every copy of them, in the event store and on the topic.
-- Not a read model: it cannot be rebuilt, and no projection owns it.
CREATE TABLE subject_keys
(
    subject_id    text PRIMARY KEY,
    key_id        text        NOT NULL,
    master_key_id text        NOT NULL,
    wrapped       bytea       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subject_keys_master ON subject_keys (master_key_id);

-- Before Subscribed 2.0 the newsletter kept the address in clear, as the event's payload and as
-- the aggregate id (so as the Kafka key). Those events are removed once, here: the one sanctioned
-- deletion from the event store, because a log that cannot forget must not hold clear personal
-- data (docs/decisions.md, "Personal data"). Demo stores held no real subscriber.
DELETE FROM outbox o
WHERE o.aggregate_type = 'Subscription' AND o.aggregate_id NOT LIKE 'em\_%';
DELETE FROM events
WHERE aggregate_type = 'Subscription' AND aggregate_id NOT LIKE 'em\_%';
DELETE FROM snapshots
WHERE aggregate_type = 'Subscription' AND aggregate_id NOT LIKE 'em\_%';
DELETE FROM projection_progress
WHERE aggregate_type = 'Subscription' AND aggregate_id NOT LIKE 'em\_%';
DELETE FROM dead_letters
WHERE aggregate_type = 'Subscription' AND coalesce(aggregate_id, '') NOT LIKE 'em\_%';

-- The newsletter's subscribers, by subject id; the address is opened from the sealed event by
-- the projection (and gone when the subject is forgotten).
DROP TABLE newsletter_subscriptions;
CREATE TABLE newsletter_subscriptions
(
    subject_id    text PRIMARY KEY,
    email         text        NOT NULL,
    source        text        NOT NULL,
    subscribed_at timestamptz NOT NULL
);

-- Visitors whose tracking data was erased: the analytics consumer keeps no new raw event of
-- theirs, so replaying the tracking topic cannot bring the erased events back.
CREATE TABLE forgotten_visitors
(
    visitor_id   text PRIMARY KEY,
    forgotten_at timestamptz NOT NULL DEFAULT now()
);
