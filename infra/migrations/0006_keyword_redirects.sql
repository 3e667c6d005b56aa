-- Keyword redirects live on the keyword's merchandising board.
ALTER TABLE pin_boards ADD COLUMN redirect text;
