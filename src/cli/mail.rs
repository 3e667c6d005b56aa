//! `storefront mail list|show`: the messages to customers in `notifications`. Without
//! `SMTP_URL` that table is the mailbox (every message with its recipient and text: how a
//! person running the store locally follows a sign-up or reset link); with it, it holds only
//! the keys of the mail sent by SMTP (and every SMS, until an SMS gateway exists).

use std::process::ExitCode;

use command::notify::outbox::{self, OutboxEntry};

use super::{MailAction, Options};
use crate::config;

/// Runs one mail action.
pub async fn run(options: &Options, action: MailAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    match action {
        MailAction::List { limit } => {
            let entries = outbox::list(&pool, limit).await?;
            print!("{}", render_list(&entries));
        }
        MailAction::Show { key } => match outbox::show(&pool, &key).await? {
            Some(entry) => print!("{}", render_entry(&entry)),
            None => {
                eprintln!("error: no message with the key '{key}'");
                return Ok(ExitCode::FAILURE);
            }
        },
    }
    Ok(ExitCode::SUCCESS)
}

/// What a mail sent by SMTP shows for what it did not keep.
const NOT_KEPT: &str = "-";

/// A table of `entries` (as given: newest first), with a header line; a line saying so when
/// there are none.
pub fn render_list(entries: &[OutboxEntry]) -> String {
    if entries.is_empty() {
        return "no messages\n".to_string();
    }
    let header = ["CREATED", "KEY", "CHANNEL", "TO", "TITLE"];
    let rows: Vec<[String; 5]> = entries
        .iter()
        .map(|e| {
            [
                e.created_at.format("%Y-%m-%d %H:%M:%S").to_string(),
                e.key.clone(),
                e.channel.to_string(),
                e.to.clone().unwrap_or_else(|| NOT_KEPT.into()),
                e.title.clone().unwrap_or_else(|| NOT_KEPT.into()),
            ]
        })
        .collect();
    let mut widths = header.map(|h| h.chars().count());
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (i, (cell, width)) in cells.iter().zip(widths).enumerate() {
            if i + 1 == cells.len() {
                out.push_str(cell);
            } else {
                out.push_str(&format!("{cell:<width$}  "));
            }
        }
        out.trim_end().to_string() + "\n"
    };
    let mut out = line(&header.map(String::from));
    for row in &rows {
        out.push_str(&line(row));
    }
    out
}

/// The headers of one message, a blank line, then its text.
pub fn render_entry(e: &OutboxEntry) -> String {
    let time = |t: &chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d %H:%M:%S UTC").to_string();
    let mut out = format!("Key: {}\nChannel: {}\n", e.key, e.channel);
    if let Some(subject) = &e.subject {
        out.push_str(&format!("Privacy-Subject: {subject}\n"));
    }
    out.push_str(&format!(
        "To: {}\nTitle: {}\nCreated: {}\nSent: {}\n\n",
        e.to.as_deref().unwrap_or(NOT_KEPT),
        e.title.as_deref().unwrap_or(NOT_KEPT),
        time(&e.created_at),
        e.sent_at
            .as_ref()
            .map(time)
            .unwrap_or_else(|| "not yet (an SMTP send under way)".into()),
    ));
    match &e.text {
        Some(text) => {
            out.push_str(text);
            if !text.ends_with('\n') {
                out.push('\n');
            }
        }
        None => out.push_str("(sent by SMTP: the text is not kept)\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use command::notify::Channel;

    fn entry(key: &str, to: Option<&str>, text: Option<&str>) -> OutboxEntry {
        let at = chrono::Utc
            .with_ymd_and_hms(2026, 11, 27, 9, 30, 0)
            .unwrap();
        OutboxEntry {
            key: key.into(),
            channel: Channel::Email,
            subject: Some("em_1".into()),
            to: to.map(String::from),
            title: to.map(|_| "Reset your password".into()),
            text: text.map(String::from),
            created_at: at,
            sent_at: to.map(|_| at),
        }
    }

    #[test]
    fn the_list_is_a_table_and_smtp_rows_show_what_was_not_kept() {
        let table = render_list(&[
            entry("password-reset:r1", Some("ada@example.com"), Some("link")),
            entry("verify:long-key-0001", None, None),
        ]);
        assert_eq!(
            table,
            "CREATED              KEY                   CHANNEL  TO               TITLE\n\
             2026-11-27 09:30:00  password-reset:r1     email    ada@example.com  Reset your password\n\
             2026-11-27 09:30:00  verify:long-key-0001  email    -                -\n"
        );
        assert_eq!(render_list(&[]), "no messages\n");
    }

    #[test]
    fn show_prints_the_headers_then_the_text() {
        let shown = render_entry(&entry(
            "k1",
            Some("ada@example.com"),
            Some("Open this link"),
        ));
        assert_eq!(
            shown,
            "Key: k1\nChannel: email\nPrivacy-Subject: em_1\nTo: ada@example.com\n\
             Title: Reset your password\nCreated: 2026-11-27 09:30:00 UTC\n\
             Sent: 2026-11-27 09:30:00 UTC\n\nOpen this link\n"
        );
        let smtp = render_entry(&entry("k2", None, None));
        assert!(
            smtp.contains("not yet") && smtp.contains("not kept"),
            "{smtp}"
        );
    }
}
