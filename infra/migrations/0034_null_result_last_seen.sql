-- When a search for the keyword last found nothing that day: the merchandisers' null-result
-- queue shows it as "last seen". Counts folded before this column have none.
ALTER TABLE analytics_search_daily ADD COLUMN last_null_at timestamptz;
