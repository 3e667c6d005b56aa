-- Which merchandising rules shaped a search's answer (pinned, redirect, synonym: the signed
-- marks of its query id, kernel::query_id), so the clicks, adds and sales that follow it are
-- credited to them too. Empty for searches not counted (their marks are not trusted) and for
-- those folded before this column.
ALTER TABLE analytics_queries ADD COLUMN rules text NOT NULL DEFAULT '';

-- Per day and rule (`pinned`, `redirect`, `synonym`, or `none` for answers no rule shaped):
-- counted searches and what followed them.
CREATE TABLE analytics_rule_daily (
    day          date NOT NULL,
    rule         text NOT NULL,
    searches     bigint NOT NULL DEFAULT 0,
    clicks       bigint NOT NULL DEFAULT 0,
    add_to_carts bigint NOT NULL DEFAULT 0,
    sales        bigint NOT NULL DEFAULT 0,
    revenue      numeric(14, 2) NOT NULL DEFAULT 0,
    PRIMARY KEY (day, rule)
);
