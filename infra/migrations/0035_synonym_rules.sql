-- The search's synonym rule set (command::merch::synonyms): each published version's rules in
-- full, and the drafts waiting to be published. `sequence` is the event's position in the
-- `SynonymSet` aggregate: its metadata names the member of staff who acted.
CREATE TABLE synonym_versions (
    version      integer PRIMARY KEY,
    -- [{id, words, replacement, startsAt?, endsAt?}]
    rules        jsonb NOT NULL,
    -- seeded | published | removed | rolled-back
    change       text NOT NULL,
    rule_id      text,
    to_version   integer,
    sequence     bigint NOT NULL,
    published_at timestamptz NOT NULL
);

CREATE TABLE synonym_drafts (
    rule_id    text PRIMARY KEY,
    -- The rule as it will be; null: its removal.
    rule       jsonb,
    sequence   bigint NOT NULL,
    drafted_at timestamptz NOT NULL
);
