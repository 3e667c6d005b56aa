-- What sign-in learns of a passkey (the authenticator's counter and flags, when it was last
-- used): kept beside the `customer_passkeys` read model, not in it, because it comes from no
-- event, so a rebuild of the read model leaves it alone. Removing a passkey or erasing the
-- customer deletes its row.
CREATE TABLE passkey_usage (
    credential_id  text PRIMARY KEY,
    passkey        jsonb,
    last_used_at   timestamptz NOT NULL
);
ALTER TABLE customer_passkeys DROP COLUMN last_used_at;
