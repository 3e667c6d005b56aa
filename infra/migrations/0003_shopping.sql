-- Read models of the shopping context (carts, visitors, newsletter) and the client error log.

CREATE TABLE carts
(
    cart_id        text PRIMARY KEY,
    item_count     integer     NOT NULL DEFAULT 0,
    line_count     integer     NOT NULL DEFAULT 0,
    subtotal_cents bigint      NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_lines
(
    cart_id         text    NOT NULL,
    line_id         integer NOT NULL,
    blain_number    text    NOT NULL,
    name            text    NOT NULL,
    quantity        integer NOT NULL,
    unit_price_cents bigint NOT NULL,
    fulfillment     text    NOT NULL,
    store_num       integer,
    warranty        jsonb,
    PRIMARY KEY (cart_id, line_id)
);

CREATE TABLE visitors
(
    visitor_id text PRIMARY KEY,
    store_num  integer     NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE newsletter_subscriptions
(
    email         text PRIMARY KEY,
    source        text        NOT NULL,
    subscribed_at timestamptz NOT NULL
);

-- Errors reported by browsers (POST /a/log/), truncated to fixed sizes.
CREATE TABLE client_errors
(
    id         bigserial PRIMARY KEY,
    visitor_id text,
    url        text        NOT NULL,
    error      text        NOT NULL,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_errors_created ON client_errors (created_at);
