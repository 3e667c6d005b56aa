-- Ordering: stock held for orders, order numbers, the orders read model (projected inline from
-- the Order aggregate; contact and address sealed), the checkout attempts the recovery sweep
-- watches, tax exemptions, and the local payment gateway's record.

-- Units held for orders (the catalog projection): the stock read models show on hand less
-- these; store_num 0 is the online (ship-from) stock.
CREATE TABLE stock_reservations (
    blain_number text NOT NULL,
    order_no     text NOT NULL,
    store_num    integer NOT NULL,
    quantity     integer NOT NULL,
    PRIMARY KEY (blain_number, order_no, store_num)
);

CREATE SEQUENCE order_numbers START 100000001;

CREATE TABLE orders (
    order_no       text PRIMARY KEY,
    customer_id    text,
    -- The email's subject: contact and ship_to are sealed under it; track-your-order by email.
    subject        text NOT NULL,
    contact        jsonb NOT NULL,
    ship_to        jsonb,
    zip_key        text,
    placed_at      timestamptz NOT NULL,
    updated_at     timestamptz NOT NULL,
    status         text NOT NULL,
    pickup_store   integer,
    lines          jsonb NOT NULL,
    returned       jsonb NOT NULL DEFAULT '{}',
    subtotal_cents bigint NOT NULL,
    shipping_cents bigint NOT NULL,
    tax_cents      bigint NOT NULL,
    total_cents    bigint NOT NULL,
    refunded_cents bigint NOT NULL DEFAULT 0,
    tax_state      text,
    tax_exempt     boolean NOT NULL,
    card_brand     text NOT NULL,
    card_last4     text NOT NULL,
    rewards_number text,
    timeline       jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX orders_customer ON orders (customer_id, placed_at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX orders_subject ON orders (subject);
CREATE INDEX orders_pickup ON orders (pickup_store, status) WHERE pickup_store IS NOT NULL;

-- The checkout process manager's list: orders that may owe side effects since their last
-- change (`version`: the Order's sequence then). The projection marks an order due; the
-- process clears it once nothing is owed as of that version. Not a read model of the
-- projection's (a rebuild leaves it, and marks every order due once more: harmless).
CREATE TABLE order_follow_ups (
    order_no   text PRIMARY KEY,
    version    bigint NOT NULL,
    due        boolean NOT NULL DEFAULT true,
    updated_at timestamptz NOT NULL
);
CREATE INDEX order_follow_ups_due ON order_follow_ups (updated_at) WHERE due;

-- The attempt under way per cart (the Checkout aggregate); gone once it ends.
CREATE TABLE checkout_attempts (
    cart_id    text PRIMARY KEY,
    order_no   text NOT NULL,
    started_at timestamptz NOT NULL
);
CREATE INDEX checkout_attempts_started ON checkout_attempts (started_at);

-- Tax-exempt customers (farm, resale): orders of an approved one carry no sales tax.
CREATE TABLE tax_exemptions (
    customer_id text PRIMARY KEY,
    status      text NOT NULL
);

-- The local payment gateway: one row per operation key (authorise, capture, void, refund), so
-- a repeated call answers as the first. Never a card number or security code.
CREATE TABLE local_payments (
    op_key       text PRIMARY KEY,
    kind         text NOT NULL,
    payment_id   text NOT NULL,
    amount_cents bigint NOT NULL,
    outcome      text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX local_payments_payment ON local_payments (payment_id);
