//! The one redactor of the tracking pipeline: every free-text field of a beacon (keywords,
//! names, URLs, click texts, element ids, the client id `cg`, the base URL `bu`, custom data
//! and its keys) passes through [`redact`] before it reaches `storefront.tracking.v1`, which is
//! kept and read by analysts (docs/privacy.md). Emails become [`EMAIL_REDACTED`], phone
//! numbers [`PHONE_REDACTED`].
//!
//! **Normalisation first.** The text is brought to a fixed point of Unicode NFKC (a fullwidth
//! `＠` or `５` is an `@` or a `5`) and percent-decoding (`%2540` → `%40` → `@`; at most
//! [`MAX_DECODE_ROUNDS`] rounds; escapes whose bytes are not UTF-8 stay as they were; `+` is
//! not read as a space). ASCII texts without a `%` skip it, and texts without an `@` or seven
//! digits are not scanned at all. A text where nothing is found is answered unchanged; one
//! where something is found is answered in its normalised form, redacted, without control
//! characters.
//!
//! **Emails**: `local@domain.tld`: letters, digits and `._%+-` before the `@`, a domain with a
//! dot and an alphabetic top-level part of two letters or more.
//!
//! **Phones.** A *run* is digit groups joined by gaps of one or two of space, `+` (a space in
//! a query string), `.`, `-`, `/`, `(` and `)` (at most one space or `+` and one of `.-/` per
//! gap), opening with an optional `+` or `(`. It does not start right after a letter or digit
//! nor after a digit and one of `-./_:` (`10:30`, a UUID's groups); its last piece is none
//! when a letter follows it (`225/65R17`, `94T`). Its *pieces* (between spaces) that are no
//! part of a phone are cut out: dates (groups 4-2-2 or 2-2-4, one or two digits for day and
//! month, joined by one of `-./`: `2026-11-27`, `11/27/2026`, `27.11.2026`), ZIP+4
//! (`53545-1234`), decimals and ranges of them (`19.99`, `19.99-29.99`), pieces joined only
//! by `/` (`3/8`, `225/65`); a piece of seven digits or more without separators is judged
//! alone. Pieces in a row are a phone number when they have
//!
//! * a leading `+`: 7–15 digits (E.164);
//! * no separator at all: **10 or 11 digits** (product numbers `1234567`, `12345678`, UPC-A
//!   (12), EAN-13 and GTIN-14 stay);
//! * separators and a leading `00`: 7–15 digits after the `00` (`0049 30 123456`);
//! * separators otherwise: 7–15 digits, not only `/`, and no group of one digit but the first
//!   (`1-800-555-0100` is one, the version `156.0.8078.73` is not).
//!
//! The most pieces in a row that make a phone are taken first, so `555-0199 608-555-0100` is
//! two phones.

use std::borrow::Cow;

use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};

/// What an email address a shopper typed becomes in a tracking event.
pub const EMAIL_REDACTED: &str = "[email]";
/// What a phone number a shopper typed becomes in a tracking event.
pub const PHONE_REDACTED: &str = "[phone]";

/// Most rounds of percent-decoding (`%252540` needs three).
pub const MAX_DECODE_ROUNDS: usize = 4;

/// Fewest digits of a phone number.
const MIN_PHONE_DIGITS: usize = 7;
/// Most digits of a phone number (E.164).
const MAX_PHONE_DIGITS: usize = 15;

/// Free text with anything that looks like an email address or a phone number replaced by
/// [`EMAIL_REDACTED`] / [`PHONE_REDACTED`] (the rules are in the module's documentation).
pub fn redact(text: &str) -> String {
    match redacted(text) {
        Some(r) => r,
        None => text.to_owned(),
    }
}

/// [`redact`] of a text the caller owns: kept without a copy when nothing is found.
pub fn redact_owned(text: String) -> String {
    match redacted(&text) {
        Some(r) => r,
        None => text,
    }
}

/// The redacted text, or `None` when nothing personal was found.
fn redacted(text: &str) -> Option<String> {
    let plain = text.is_ascii() && !text.contains('%');
    // The usual text (ASCII, no '@', fewer digits than any phone): no scan at all.
    if plain && !text.contains('@') && !enough_digits(text) {
        return None;
    }
    let normal = if plain {
        Cow::Borrowed(text)
    } else {
        normalise(text)
    };
    let email = normal.contains('@');
    let phone = enough_digits(&normal);
    let out = match (email, phone) {
        (false, false) => return None,
        (true, false) => redact_emails(&normal)?,
        (false, true) => redact_phones(&normal)?,
        (true, true) => match redact_emails(&normal) {
            Some(e) => redact_phones(&e).unwrap_or(e),
            None => redact_phones(&normal)?,
        },
    };
    Some(if out.chars().any(char::is_control) {
        out.chars().filter(|c| !c.is_control()).collect()
    } else {
        out
    })
}

fn enough_digits(text: &str) -> bool {
    text.bytes().filter(u8::is_ascii_digit).count() >= MIN_PHONE_DIGITS
}

/// NFKC and percent-decoding, repeated until neither changes the text (at most
/// [`MAX_DECODE_ROUNDS`] decodings).
pub fn normalise(text: &str) -> Cow<'_, str> {
    let mut text = nfkc(Cow::Borrowed(text));
    for _ in 0..MAX_DECODE_ROUNDS {
        if !text.contains('%') {
            break;
        }
        match percent_decode(&text) {
            Some(decoded) => text = nfkc(Cow::Owned(decoded)),
            None => break,
        }
    }
    text
}

fn nfkc(text: Cow<'_, str>) -> Cow<'_, str> {
    if text.is_ascii() || is_nfkc_quick(text.chars()) == IsNormalized::Yes {
        text
    } else {
        Cow::Owned(text.nfkc().collect())
    }
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `%XX` escapes decoded (not `+`); a run of escapes whose bytes are not UTF-8 keeps those
/// escapes. `None` when nothing was decoded.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let escape = |i: usize| -> Option<u8> {
        if bytes.get(i) != Some(&b'%') {
            return None;
        }
        Some(hex(*bytes.get(i + 1)?)? << 4 | hex(*bytes.get(i + 2)?)?)
    };
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    let mut plain = 0;
    while i < bytes.len() {
        if escape(i).is_none() {
            i += 1;
            continue;
        }
        out.push_str(&text[plain..i]);
        let start = i;
        let mut decoded = Vec::new();
        while let Some(b) = escape(i) {
            decoded.push(b);
            i += 3;
        }
        let mut at = start;
        for chunk in decoded.utf8_chunks() {
            if !chunk.valid().is_empty() {
                out.push_str(chunk.valid());
                changed = true;
            }
            at += 3 * chunk.valid().len();
            let bad = 3 * chunk.invalid().len();
            out.push_str(&text[at..at + bad]);
            at += bad;
        }
        plain = i;
    }
    out.push_str(&text[plain..]);
    changed.then_some(out)
}

/// Emails replaced; `None` when there was none.
fn redact_emails(text: &str) -> Option<String> {
    let local = |c: char| c.is_alphanumeric() || "._%+-".contains(c);
    let domain = |c: char| c.is_alphanumeric() || c == '.' || c == '-';
    let mut out = String::with_capacity(text.len());
    let mut found = false;
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        let before = &rest[..at];
        let after = &rest[at + 1..];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| local(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let host_len = after
            .char_indices()
            .take_while(|(_, c)| domain(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let host = after[..host_len].trim_end_matches(['.', '-']);
        let tld_ok = host.rsplit_once('.').is_some_and(|(name, tld)| {
            !name.is_empty() && tld.chars().count() >= 2 && tld.chars().all(char::is_alphabetic)
        });
        if start < at && tld_ok {
            out.push_str(&before[..start]);
            out.push_str(EMAIL_REDACTED);
            rest = &after[host.len()..];
            found = true;
        } else {
            out.push_str(&rest[..=at]);
            rest = after;
        }
    }
    out.push_str(rest);
    found.then_some(out)
}

/// Whether the run starting at `i` continues what precedes it: a letter or digit (`R17`,
/// `e8400`), or a digit and one of `-./_:` (`a716-4466…`, `1.2`, `10:30`). A word and one of
/// those before digits are a word and a number (`tel-555-0199`, `XR-2000`).
fn glued_before(chars: &[char], i: usize) -> bool {
    let Some(prev) = i.checked_sub(1).map(|k| chars[k]) else {
        return false;
    };
    let before = i.checked_sub(2).map(|k| chars[k]);
    prev.is_alphanumeric()
        || matches!(prev, '-' | '.' | '/' | '_' | ':') && before.is_some_and(|c| c.is_ascii_digit())
}

/// A run of digit groups (see the module's documentation), as indexes into the text's chars.
struct Run {
    /// Where the run starts (its `+` or `(` included).
    start: usize,
    /// Whether it opens with `+`.
    plus: bool,
    /// Digit groups, `[from, to)`.
    groups: Vec<(usize, usize)>,
}

impl Run {
    /// The gap after group `g` (between it and the next).
    fn gap<'a>(&self, chars: &'a [char], g: usize) -> &'a [char] {
        &chars[self.groups[g].1..self.groups[g + 1].0]
    }

    fn len(&self, g: usize) -> usize {
        self.groups[g].1 - self.groups[g].0
    }
}

/// The gap of one or two separators at `i` that a digit follows: its length.
fn gap_at(chars: &[char], i: usize) -> Option<usize> {
    let (mut spaces, mut marks) = (0, 0);
    for (n, &c) in chars.get(i..)?.iter().enumerate().take(3) {
        match c {
            '0'..='9' if n > 0 => return Some(n),
            ' ' | '+' => spaces += 1,
            '.' | '-' | '/' => marks += 1,
            '(' | ')' => {}
            _ => return None,
        }
        if n == 2 || spaces > 1 || marks > 1 {
            return None;
        }
    }
    None
}

/// The run starting at `i` (a digit, `+` or `(`), unless it is glued to what precedes it.
fn run_at(chars: &[char], i: usize) -> Option<Run> {
    if glued_before(chars, i) {
        return None;
    }
    let mut k = i;
    let plus = chars[k] == '+';
    if plus {
        k += 1;
    }
    if chars.get(k) == Some(&'(') {
        k += 1;
    }
    if !chars.get(k).is_some_and(char::is_ascii_digit) {
        return None;
    }
    let mut groups = Vec::new();
    loop {
        let from = k;
        while chars.get(k).is_some_and(char::is_ascii_digit) {
            k += 1;
        }
        groups.push((from, k));
        match gap_at(chars, k) {
            Some(n) => k += n,
            None => break,
        }
    }
    Some(Run {
        start: i,
        plus,
        groups,
    })
}

/// A piece of a run between spaces: its groups `first..=last`.
#[derive(Clone, Copy)]
struct Piece {
    first: usize,
    last: usize,
}

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Maybe part of a phone number.
    Part,
    /// Seven digits or more without separators, among other pieces: judged on its own.
    Alone,
    /// A date, a ZIP+4, a decimal, a slashed size, or glued to a word: never part of a phone.
    Not,
}

fn kind(run: &Run, chars: &[char], piece: Piece, pieces: usize) -> Kind {
    let lens: Vec<usize> = (piece.first..=piece.last).map(|g| run.len(g)).collect();
    if lens.len() == 1 {
        return if lens[0] >= MIN_PHONE_DIGITS && pieces > 1 {
            Kind::Alone
        } else {
            Kind::Part
        };
    }
    // The separator between each two groups (a bracket when there is nothing else).
    let seps: Vec<char> = (piece.first..piece.last)
        .map(|g| {
            let gap = run.gap(chars, g);
            gap.iter()
                .copied()
                .find(|c| !matches!(c, '(' | ')'))
                .unwrap_or(gap[0])
        })
        .collect();
    let date = lens.len() == 3
        && seps[0] == seps[1]
        && matches!(seps[0], '-' | '.' | '/')
        && (lens[0] == 4 && lens[1] <= 2 && lens[2] <= 2
            || lens[0] <= 2 && lens[1] <= 2 && lens[2] == 4);
    let zip = lens == [5, 4] && seps[0] == '-';
    let slashes = seps.iter().all(|s| *s == '/');
    // Decimals and ranges of them: parts joined by '-', each `n` or `n.dd`, one `n.dd` at least.
    let decimal = seps.contains(&'.')
        && seps.iter().all(|s| matches!(s, '.' | '-'))
        && seps.iter().enumerate().all(|(g, s)| {
            *s != '.' || lens[g + 1] <= 2 && seps.get(g + 1).is_none_or(|n| *n == '-')
        });
    if date || zip || slashes || decimal {
        Kind::Not
    } else {
        Kind::Part
    }
}

/// Whether groups `first..=last` of a run make a phone number.
fn phone(run: &Run, chars: &[char], first: usize, last: usize) -> bool {
    let digits: usize = (first..=last).map(|g| run.len(g)).sum();
    let number = MIN_PHONE_DIGITS..=MAX_PHONE_DIGITS;
    if first == 0 && run.plus {
        return number.contains(&digits);
    }
    if first == last {
        return (10..=11).contains(&digits);
    }
    if (first..last).all(|g| run.gap(chars, g).contains(&'/')) {
        return false;
    }
    let (g0, _) = run.groups[first];
    if chars[g0] == '0' && chars.get(g0 + 1) == Some(&'0') {
        return number.contains(&(digits - 2));
    }
    number.contains(&digits) && (first + 1..=last).all(|g| run.len(g) > 1)
}

/// Phones replaced; `None` when there was none.
fn redact_phones(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut found = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let run = (c.is_ascii_digit() || c == '+' || c == '(')
            .then(|| run_at(&chars, i))
            .flatten();
        let Some(run) = run else {
            out.push(c);
            i += 1;
            continue;
        };
        let (spans, end) = phones_in(&run, &chars);
        let mut at = i;
        for (from, to) in spans {
            out.extend(&chars[at..from]);
            out.push_str(PHONE_REDACTED);
            at = to;
            found = true;
        }
        let end = end.max(at);
        out.extend(&chars[at..end]);
        i = end;
    }
    found.then_some(out)
}

/// The phone numbers of a run as `[from, to)` char spans, and where the run ends.
fn phones_in(run: &Run, chars: &[char]) -> (Vec<(usize, usize)>, usize) {
    let groups = run.groups.len();
    let end = run.groups[groups - 1].1;
    // Glued to a word at its end ("R17" of "65R17", "94T"): its last piece is no number.
    let glued = chars.get(end).is_some_and(|c| c.is_alphanumeric());
    // Pieces: groups between gaps holding a space (or a '+' read as one).
    let mut pieces = Vec::new();
    let mut first = 0;
    for g in 0..groups {
        if g + 1 == groups || run.gap(chars, g).iter().any(|c| matches!(c, ' ' | '+')) {
            pieces.push(Piece { first, last: g });
            first = g + 1;
        }
    }
    let kinds: Vec<Kind> = (0..pieces.len())
        .map(|p| {
            if glued && p + 1 == pieces.len() {
                Kind::Not
            } else {
                kind(run, chars, pieces[p], pieces.len())
            }
        })
        .collect();
    // Where piece `p` starts: the run's start for the first, else after its gap's space.
    let start = |p: usize| -> usize {
        if p == 0 {
            return run.start;
        }
        let (from, to) = (
            run.groups[pieces[p].first - 1].1,
            run.groups[pieces[p].first].0,
        );
        (from..to)
            .find(|k| matches!(chars[*k], ' ' | '+'))
            .map_or(to, |k| k + 1)
    };
    let mut spans = Vec::new();
    let mut p = 0;
    while p < pieces.len() {
        if kinds[p] == Kind::Not {
            p += 1;
            continue;
        }
        // The most pieces from `p` that make a phone: parts in a row, or one alone.
        let most = if kinds[p] == Kind::Alone {
            p
        } else {
            (p..pieces.len())
                .take_while(|q| kinds[*q] == Kind::Part)
                .last()
                .unwrap_or(p)
        };
        let taken = (p..=most)
            .rev()
            .find(|q| phone(run, chars, pieces[p].first, pieces[*q].last));
        let Some(q) = taken else {
            p += 1;
            continue;
        };
        let from = start(p);
        let mut to = run.groups[pieces[q].last].1;
        // Its closing bracket, when it opened one.
        let opened = chars[from..to].iter().filter(|c| **c == '(').count();
        let closed = chars[from..to].iter().filter(|c| **c == ')').count();
        if opened > closed && chars.get(to) == Some(&')') {
            to += 1;
        }
        spans.push((from, to));
        p = q + 1;
    }
    (spans, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacting_an_owned_text_gives_what_redact_gives() {
        for text in [
            "dog food",
            "mail me at jo@example.com",
            "jo%40example.com",
            "call 555-123-4567 now",
            "jo@example.com or (555) 123 4567",
            "tire 225/65R17 102H",
        ] {
            assert_eq!(redact_owned(text.to_string()), redact(text), "{text}");
        }
    }

    #[test]
    fn emails_and_phone_numbers_a_shopper_typed_are_redacted() {
        for (typed, kept) in [
            ("jane.doe+farm@example.com", "[email]"),
            (
                "order for Jane@Example.co.uk please",
                "order for [email] please",
            ),
            (
                "/s/?keyword=jane%40example.com&pg=2",
                "/s/?keyword=[email]&pg=2",
            ),
            ("call (608) 555-0100 today", "call [phone] today"),
            ("608.555.0100", "[phone]"),
            ("+1 608 555 0100", "[phone]"),
            ("6085550100", "[phone]"),
            // What shoppers search for stays as typed.
            ("225/65R17", "225/65R17"),
            ("1234567", "1234567"),
            ("upc 012345678905", "upc 012345678905"),
            ("2x4 8 ft", "2x4 8 ft"),
            ("$19.99 on 2026-11-24", "$19.99 on 2026-11-24"),
            ("@home decor", "@home decor"),
            ("a@b", "a@b"),
            ("id550e8400-e29b-41d4", "id550e8400-e29b-41d4"),
        ] {
            assert_eq!(redact(typed), kept, "{typed}");
        }
    }

    /// Phone numbers as shoppers write them: each is redacted, alone and within text.
    #[test]
    fn phone_numbers_are_redacted() {
        for typed in [
            "+44 20 7946 0958",
            "+1 (555) 010-9999",
            "555-0199",
            "0049 30 123456",
            "(555) 010 9999",
            "5550109999",
            "15550109999",
            "(608) 555-0100",
            "608.555.0100",
            "608-555-0100",
            "+1 608 555 0100",
            "1-800-555-0100",
            "+33 1 23 45 67 89",
            "01 23 45 67 89",
            "020 7946 0958",
            "+4420 7946 0958",
            "+442079460958",
            "+49-30-123456",
            "555 0199",
            "(555)010-9999",
            "\u{ff0b}\u{ff14}\u{ff14} 20 7946 0958",
            "%2B44%2020%207946%200958",
            "555+010+9999",
            "1234 5678",
        ] {
            assert_eq!(redact(typed), PHONE_REDACTED, "{typed}");
            let text = format!("call {typed} now");
            assert_eq!(redact(&text), "call [phone] now", "{text}");
        }
        for (typed, kept) in [
            ("tel:+44 20 7946 0958", "tel:[phone]"),
            ("tel-555-0199", "tel-[phone]"),
            ("phone_608.555.0100", "phone_[phone]"),
            ("call (555) 010-9999.", "call [phone]."),
            ("(call 555-0199)", "(call [phone])"),
            ("555-0199, 608-555-0100", "[phone], [phone]"),
            ("555-0199 608-555-0100", "[phone] [phone]"),
            ("on 2026-11-27 call 555-0199", "on 2026-11-27 call [phone]"),
            ("2026-11-27 555-0199", "2026-11-27 [phone]"),
            ("53545-1234 608-555-0100", "53545-1234 [phone]"),
            (
                "/s/?keyword=call+%2B44+20+7946+0958",
                "/s/?keyword=call+[phone]",
            ),
            ("?phone=%2B1%20(555)%20010-9999", "?phone=[phone]"),
        ] {
            assert_eq!(redact(typed), kept, "{typed}");
        }
    }

    /// What shoppers search for and pages carry that is not a phone number stays as it was.
    #[test]
    fn numbers_that_are_no_phone_numbers_stay() {
        for typed in [
            "12345678",
            "1234567",
            "item 1234567",
            "012345678905",
            "upc 012345678905",
            "4006381333931",
            "10012345678902",
            "225/65R17",
            "P215/60R16 94T",
            "LT265/75R16",
            "$1,299.99",
            "19.99",
            "19.99-29.99",
            "1299.99",
            "2026-11-27",
            "11/27/2026",
            "27.11.2026",
            "1/2/2026",
            "2026-11-27 10:30",
            "10-20",
            "53545",
            "53545-1234",
            "10:30",
            "XR-2000",
            "2 x 500 ml",
            "rope 3/8 in 50 ft",
            "2x4 8 ft",
            "156.0.8078.73",
            "Chrome/156.0.8078.73",
            "2026-11-24T10:00:00Z",
            "550e8400-e29b-41d4-a716-446655440000",
            "3 4 5 6 7 8 9",
            "12345678 1234567",
            "50% off 1234567",
            "dog food %E9 1234567",
            "search-suggestions__link col-12",
        ] {
            assert_eq!(redact(typed), typed, "{typed}");
        }
    }

    #[test]
    fn emails_are_found_however_they_are_written() {
        for (typed, kept) in [
            ("jane\u{ff20}example.com", "[email]"),
            ("jane%40example.com", "[email]"),
            ("jane%2540example.com", "[email]"),
            ("jane%252540example.com", "[email]"),
            ("mail jane%2540example.com%20now", "mail [email] now"),
            ("\u{ff4a}\u{ff41}\u{ff4e}\u{ff45}@example.com", "[email]"),
            ("jane%EF%BC%A0example.com", "[email]"),
            ("j\u{f6}rg@b\u{fc}cher.de", "[email]"),
            // An escape that is not UTF-8 stays; the rest is still read.
            ("%C3 jane%40example.com", "%C3 [email]"),
            // A control character decoded from an escape is dropped.
            ("jane%40example.com%0A", "[email]"),
        ] {
            assert_eq!(redact(typed), kept, "{typed}");
        }
    }

    #[test]
    fn texts_without_personal_data_come_back_as_they_were() {
        for text in [
            "/s/?keyword=dog%20food&pg=2",
            "ch\u{e9}vre \u{ff21}\u{ff22}",
            "100% cotton",
            "%ZZ%",
            "caf\u{e9} 1234567",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn normalisation_reaches_a_fixed_point_within_its_rounds() {
        assert_eq!(normalise("a%2540b"), "a@b");
        assert_eq!(normalise("\u{ff20}"), "@");
        assert_eq!(normalise("%EF%BC%A0"), "@");
        assert_eq!(normalise("%FF%40"), "%FF@");
        assert_eq!(normalise("50%"), "50%");
        // Bounded: five encodings are decoded four times.
        assert_eq!(normalise("%2525252540"), "%40");
    }
}
