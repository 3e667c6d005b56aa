-- A pin board's draft (the pins and redirect it is to have, `{"pins": [...], "redirect": ...}`,
-- shown only to a merchandiser previewing with prv=draft) and the windows of its scheduled
-- rules (`{"pin:{item}": {"startsAt": ..., "endsAt": ...}, "redirect": {...}}`): a rule outside
-- its window is skipped at query time.
ALTER TABLE pin_boards ADD COLUMN draft jsonb;
ALTER TABLE pin_boards ADD COLUMN schedules jsonb NOT NULL DEFAULT '{}';
