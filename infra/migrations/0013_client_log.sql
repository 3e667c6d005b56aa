-- Browser error reports keep no id of who sent them and no query string (issue 12).
-- Rows stored before this migration are scrubbed the same way: the visitor id goes with its
-- column, and the URL loses its query string, fragment and `user:pass@`. Query strings inside
-- the error text of old rows are left: the rows age out within the retention window
-- (command::routes::log::RETENTION_DAYS, 14 days), purged through client_errors_created.
ALTER TABLE client_errors DROP COLUMN IF EXISTS visitor_id;
UPDATE client_errors
SET url = regexp_replace(split_part(split_part(url, '#', 1), '?', 1), '^([A-Za-z][A-Za-z0-9+.-]*://)[^/@]*@', '\1')
WHERE url ~ '[?#@]';
