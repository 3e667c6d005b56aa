-- The sign-in providers linked to each customer (read model of the Customer aggregate's
-- `ProviderLinked` / `ProviderUnlinked`), so a customer can see and unlink them. The key is the
-- keyed hash of "provider:subject" (the `ProviderClaim`'s id), never the subject.
CREATE TABLE customer_providers (
    provider_key TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    -- As the customer reads it: Google, Facebook or Apple.
    provider TEXT NOT NULL,
    linked_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX customer_providers_customer ON customer_providers (customer_id);

-- The links made before this table: their events are replayed into it.
INSERT INTO customer_providers (provider_key, customer_id, provider, linked_at)
SELECT payload->'ProviderLinked'->>'providerKey', aggregate_id,
       initcap(payload->'ProviderLinked'->>'provider'), recorded_at
FROM events WHERE aggregate_type = 'Customer' AND event_type = 'ProviderLinked'
  AND aggregate_id IN (SELECT customer_id FROM customers)
ON CONFLICT (provider_key) DO NOTHING;
