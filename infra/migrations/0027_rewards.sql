-- The rewards programme's read models (projections/src/rewards.rs), from the RewardsMember
-- aggregate's events. No phone or email here: the index keys are keyed hashes, the contact
-- details stay sealed in the events.

CREATE TABLE rewards_members (
    rewards_number text PRIMARY KEY,
    customer_id    text,
    phone_key      text NOT NULL,
    email_subject  text,
    joined_at      text NOT NULL,
    enrolled_at    timestamptz NOT NULL,
    linked_at      timestamptz
);
CREATE UNIQUE INDEX rewards_members_customer ON rewards_members (customer_id)
    WHERE customer_id IS NOT NULL;

-- The points ledger, an entry per line earned, per line taken back and per gift card; the
-- balance on any date is a fold of these (command::rewards::ledger::balance_at).
CREATE TABLE rewards_ledger (
    rewards_number text NOT NULL,
    sequence       bigint NOT NULL,
    entry          integer NOT NULL,
    kind           text NOT NULL,       -- earned | reversed | giftCard
    reference      text NOT NULL,       -- the order number, or the gift card's id
    line           text,
    points         bigint NOT NULL,
    cents          bigint NOT NULL,
    at             timestamptz NOT NULL,
    PRIMARY KEY (rewards_number, sequence, entry)
);
