-- A rewards link that failed at the provider after the customer's account was made
-- (createdRewardsDesync): the next register or link with hasDesyncedRewards from that
-- customer's browser tries it again. rewards_number is null when the join itself failed (the
-- retry joins by the customer's phone). Process state beside the read models, like
-- attempt_counts: the link, when it happens, is the member's MemberLinked event.
CREATE TABLE rewards_pending_links (
    customer_id    text PRIMARY KEY,
    rewards_number text,
    since          timestamptz NOT NULL DEFAULT now()
);
