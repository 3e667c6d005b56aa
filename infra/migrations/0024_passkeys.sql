-- Passkeys (WebAuthn): a customer's credentials, from `Customer.PasskeyAdded` / `PasskeyRemoved`
-- (the accounts projection, inline). `passkey` is the serialised webauthn-rs Passkey (public key,
-- counter, flags; no personal data). Sign-in updates its counter and `last_used_at` here (like
-- a session's last_seen, not an event: a rebuild goes back to the registered counter).
CREATE TABLE customer_passkeys (
    credential_id  text PRIMARY KEY,
    customer_id    text NOT NULL,
    name           text NOT NULL,
    passkey        jsonb NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_used_at   timestamptz
);
CREATE INDEX customer_passkeys_customer ON customer_passkeys (customer_id);

-- A WebAuthn ceremony between its start and its finish: the webauthn-rs state, server-side,
-- bound to the browser (the session key when signed in, else a keyed hash of the visitor id),
-- one per kind and browser, 5 minutes, deleted when the finish takes it (used once).
CREATE TABLE webauthn_ceremonies (
    id                  text PRIMARY KEY,
    kind                text NOT NULL,
    session_or_visitor  text NOT NULL,
    state               jsonb NOT NULL,
    expires_at          timestamptz NOT NULL,
    UNIQUE (kind, session_or_visitor)
);
CREATE INDEX webauthn_ceremonies_expiry ON webauthn_ceremonies (expires_at);
