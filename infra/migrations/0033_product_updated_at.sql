-- When a product's last event was recorded: a sitemap's `lastmod` (the catalog projection sets
-- it from each event's `recorded_at`). Products projected before this column get the time of
-- their last event.
ALTER TABLE products ADD COLUMN updated_at timestamptz;
UPDATE products p SET updated_at = e.at
FROM (SELECT aggregate_id, max(recorded_at) AS at FROM events
      WHERE aggregate_type = 'Product' GROUP BY aggregate_id) e
WHERE e.aggregate_id = p.blain_number;
UPDATE products SET updated_at = now() WHERE updated_at IS NULL;
ALTER TABLE products ALTER COLUMN updated_at SET DEFAULT now(),
                     ALTER COLUMN updated_at SET NOT NULL;
