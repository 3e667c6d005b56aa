-- Proof-of-work captcha (command::accounts::captcha): the ids of challenges whose solution was
-- accepted, so that each is accepted once on every replica. A row is needed until its challenge
-- expires (10 minutes); rows are deleted an hour after that.
CREATE TABLE captcha_spent (
    id         text PRIMARY KEY,
    expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_spent_expires_at ON captcha_spent (expires_at);
