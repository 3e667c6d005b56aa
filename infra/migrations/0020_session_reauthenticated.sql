-- When the customer last typed their password again in a session (`/account/verifyPassword`,
-- the `Reauthenticated` event): a sensitive change (linking a sign-in provider, changing the
-- email or phone, deleting the account) wants it recent.
ALTER TABLE customer_sessions ADD COLUMN reauthenticated_at timestamptz;
