-- Gift registries (the Registry aggregate): the owner's list with its sealed name, and the items
-- wanted. Projected inline; erasing the owner's subject removes both. No foreign key: a
-- rebuild swaps each table on its own.
CREATE TABLE gift_registries (
    registry_id  text PRIMARY KEY,
    customer_id  text NOT NULL,
    -- The owner's email subject: the name is sealed under it.
    subject      text NOT NULL,
    name         jsonb NOT NULL,
    event_type   text NOT NULL,
    event_date   date NOT NULL,
    shared       boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL
);
CREATE INDEX gift_registries_customer ON gift_registries (customer_id);
CREATE INDEX gift_registries_subject ON gift_registries (subject);

CREATE TABLE gift_registry_items (
    registry_id  text NOT NULL,
    blain_number text NOT NULL,
    quantity     integer NOT NULL,
    added_at     timestamptz NOT NULL,
    PRIMARY KEY (registry_id, blain_number)
);
