-- Customer accounts (docs/privacy.md, "Accounts"): read models of the Customer and Session
-- aggregates, projected inline. Personal fields stay sealed (jsonb of a Sealed value, opened
-- with the subject's data key); the password's argon2id hash too. Erasing the email's subject
-- makes them unreadable; `privacy forget` also deletes the rows.
CREATE TABLE customers (
    customer_id    text PRIMARY KEY,
    -- The email's subject (keyed hash of the normalised address): sign-in finds the account by it.
    email_subject  text NOT NULL UNIQUE,
    -- The phone's keyed hash.
    phone_key      text NOT NULL,
    first_name     jsonb NOT NULL,
    password       jsonb NOT NULL,
    -- Wrong passwords since the last successful sign-in.
    failed_logins  integer NOT NULL DEFAULT 0,
    registered_at  timestamptz NOT NULL,
    password_set_at timestamptz NOT NULL
);
CREATE INDEX customers_phone_key ON customers (phone_key);

-- Sessions by key (a hash of the cookie's id, never the id): open while ended_at is null and
-- expires_at is ahead. last_seen is touched by requests, at most once a minute (not an event).
CREATE TABLE customer_sessions (
    session_key  text PRIMARY KEY,
    customer_id  text NOT NULL,
    device       text NOT NULL,
    started_at   timestamptz NOT NULL,
    expires_at   timestamptz NOT NULL,
    last_seen    timestamptz NOT NULL,
    ended_at     timestamptz,
    end_reason   text
);
CREATE INDEX customer_sessions_customer ON customer_sessions (customer_id) WHERE ended_at IS NULL;
