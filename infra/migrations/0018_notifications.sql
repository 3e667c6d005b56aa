-- Notifications (email and SMS) to customers: one row per side effect's key, so a message goes
-- once however often it is asked for (command::notify). Without SMTP_URL this table is the
-- mailbox itself (`storefront mail list|show`): recipient, title and body in clear. A row of
-- the SMTP adapter only claims its key (recipient, title and body NULL); sent_at is set once
-- the SMTP server took the message. `privacy forget` deletes a subject's rows.
CREATE TABLE notifications (
    key         text PRIMARY KEY,
    channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
    -- The privacy subject (keyed hash) the recipient belongs to, NULL for none.
    subject     text,
    recipient   text,
    title       text,
    body        text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz
);
CREATE INDEX notifications_subject ON notifications (subject);
CREATE INDEX notifications_created_at ON notifications (created_at);
