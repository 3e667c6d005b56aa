-- What every shopper is shown (popular searches in the empty search box, the home page's
-- popular products, the ranking's popularity) counts distinct visitors, never events, and only
-- events the server marked `counted` (docs/security.md, "Popular lists"): a signed visitor
-- cookie, not from another site's page, and for a search a query id the search API issued with
-- hits. Each visitor adds at most a capped number of votes a day.

-- A visitor's votes: one row per list ('searches': a keyword searched with hits; 'products': a
-- catalog item), visitor, subject and weight (searches 0; products 0 for "interested at all",
-- 1 viewed, 3 added to a cart, 5 bought), holding the latest day the visitor voted. A vote that
-- moves to a later day moves its count from the old day's aggregate to the new day's, so the sum
-- of a window's daily counts is the number of DISTINCT visitors in that window. At most
-- SEARCH_VOTES_PER_DAY / ITEM_VOTES_PER_DAY votes a visitor and day. Pseudonymous visitor ids:
-- purged after the retention period (TRACKING_RETENTION_DAYS) and erased by `privacy forget`.
CREATE TABLE analytics_votes (
    list       text NOT NULL CHECK (list IN ('searches', 'products')),
    visitor_id text NOT NULL,
    subject    text NOT NULL,
    weight     smallint NOT NULL,
    day        date NOT NULL,
    PRIMARY KEY (list, visitor_id, subject, weight)
);
CREATE INDEX analytics_votes_day ON analytics_votes (day);

-- The votes added up per day (no visitor ids): what the lists are ranked by. `visitors`: distinct
-- visitors whose latest vote for the keyword or item fell on that day; `score`: the same for the
-- weighted votes (1 viewed, 3 added, 5 bought).
ALTER TABLE analytics_search_daily ADD COLUMN visitors bigint NOT NULL DEFAULT 0;
ALTER TABLE analytics_item_daily ADD COLUMN visitors bigint NOT NULL DEFAULT 0;
ALTER TABLE analytics_item_daily ADD COLUMN score bigint NOT NULL DEFAULT 0;
CREATE INDEX analytics_search_daily_voted ON analytics_search_daily (day) WHERE visitors > 0;
CREATE INDEX analytics_item_daily_voted ON analytics_item_daily (day) WHERE visitors > 0;

-- Terms and products a merchandiser keeps off the popular lists (list 'searches' or 'products'),
-- projected from the PopularBlocklist aggregates.
CREATE TABLE popular_blocks (
    list       text NOT NULL CHECK (list IN ('searches', 'products')),
    value      text NOT NULL,
    blocked_at timestamptz NOT NULL,
    PRIMARY KEY (list, value)
);

-- The popular searches so far were counted from events (anyone could write them): they are
-- rebuilt from the votes on the analytics role's next refresh.
DELETE FROM analytics_popular_searches;
