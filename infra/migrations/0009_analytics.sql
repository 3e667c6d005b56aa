-- The analytics read models (tracker/src/analytics.rs), folded from storefront.tracking.v1 by
-- the `analytics` consumer group. Raw events are kept apart from the aggregates and only for
-- the retention period (TRACKING_RETENTION_DAYS); the aggregates carry no visitor ids.

-- Raw events, one row per event id: the consumer's de-duplication (a replayed batch inserts
-- nothing) and the source an erasure or an audit reads. Purged after the retention period.
CREATE TABLE tracking_events (
    event_id    uuid PRIMARY KEY,
    received_at timestamptz NOT NULL,
    folded_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    visitor_id  text NOT NULL,
    visit_id    text NOT NULL,
    event       text NOT NULL,
    bot         boolean NOT NULL,
    body        jsonb NOT NULL
);
CREATE INDEX tracking_events_received ON tracking_events (received_at);
CREATE INDEX tracking_events_visitor ON tracking_events (visitor_id);

-- Events per day and name (bots counted apart).
CREATE TABLE analytics_event_counts (
    day    date NOT NULL,
    event  text NOT NULL,
    bot    boolean NOT NULL,
    events bigint NOT NULL,
    PRIMARY KEY (day, event, bot)
);

-- Searches per day and normalised keyword (not from bots).
CREATE TABLE analytics_search_daily (
    day           date NOT NULL,
    keyword       text NOT NULL,
    searches      bigint NOT NULL DEFAULT 0,
    with_hits     bigint NOT NULL DEFAULT 0,
    null_results  bigint NOT NULL DEFAULT 0,
    -- searches whose result count was not sent (neither hits nor null)
    unknown_hits  bigint NOT NULL DEFAULT 0,
    clicks        bigint NOT NULL DEFAULT 0,
    add_to_carts  bigint NOT NULL DEFAULT 0,
    sales         bigint NOT NULL DEFAULT 0,
    revenue       numeric(14, 2) NOT NULL DEFAULT 0,
    PRIMARY KEY (day, keyword)
);

-- Which keyword a query id (of a Search event) was for: clicks, adds and sales that carry the
-- query id are credited to it.
CREATE TABLE analytics_queries (
    query_id   text PRIMARY KEY,
    keyword    text NOT NULL,
    day        date NOT NULL,
    results    integer
);
CREATE INDEX analytics_queries_day ON analytics_queries (day);

-- Per item: shown in search results (item_list of Search events), clicked, viewed, added to a
-- cart, sold. No row = no data; a row with impressions and no clicks = a click-through of 0.
CREATE TABLE analytics_item_daily (
    day          date NOT NULL,
    item_id      text NOT NULL,
    impressions  bigint NOT NULL DEFAULT 0,
    clicks       bigint NOT NULL DEFAULT 0,
    views        bigint NOT NULL DEFAULT 0,
    add_to_carts bigint NOT NULL DEFAULT 0,
    sales        bigint NOT NULL DEFAULT 0,
    units        bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, item_id)
);
CREATE INDEX analytics_item_daily_item ON analytics_item_daily (item_id);

-- Click-through per query and item.
CREATE TABLE analytics_query_items (
    keyword      text NOT NULL,
    item_id      text NOT NULL,
    clicks       bigint NOT NULL DEFAULT 0,
    add_to_carts bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (keyword, item_id)
);

-- Impressions and clicks of carousels, sponsored ads, banners, recommendation widgets, menu
-- links and autocomplete suggestions.
CREATE TABLE analytics_widget_daily (
    day         date NOT NULL,
    kind        text NOT NULL,
    widget_id   text NOT NULL,
    impressions bigint NOT NULL DEFAULT 0,
    clicks      bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, widget_id)
);

-- Items viewed per visit (pseudonymous visit id), for co-views; purged with the raw events.
CREATE TABLE analytics_visit_items (
    visit_id text NOT NULL,
    item_id  text NOT NULL,
    seen_at  timestamptz NOT NULL,
    PRIMARY KEY (visit_id, item_id)
);
CREATE INDEX analytics_visit_items_seen ON analytics_visit_items (seen_at);

-- Items viewed in the same visit, counted once per visit and pair, both ways.
CREATE TABLE analytics_coviews (
    item_id  text NOT NULL,
    other_id text NOT NULL,
    visits   bigint NOT NULL,
    PRIMARY KEY (item_id, other_id)
);

-- Ratings (values 1 to 5 only).
CREATE TABLE analytics_ratings (
    item_id text PRIMARY KEY,
    ratings bigint NOT NULL,
    total   bigint NOT NULL
);

-- Popular searches: the rolling window's searches that returned hits, not from bots, above
-- the minimum count. Rebuilt by the analytics role every few seconds.
CREATE TABLE analytics_popular_searches (
    keyword  text PRIMARY KEY,
    searches bigint NOT NULL,
    rank     integer NOT NULL
);
