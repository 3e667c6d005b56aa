//! Points ledger of the loyalty rewards programme: pure functions over a member's entries.
//!
//! Programme facts: 1 point per whole $1 spent, a $25 gift card per 2,500 points. Points are
//! kept by sale line; they are *pending* until the sale's return window closes, then
//! *available*. A cancelled order or a returned line takes back exactly what that line earned,
//! even after a gift card was issued, so the available balance may go below zero; later
//! earnings repay it. Every entry carries its time, so the balance on any past date can be
//! recomputed from the entries alone. Money is integer cents; nothing here does I/O.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

/// Points taken from the available balance for each gift card.
pub const POINTS_PER_GIFT_CARD: i64 = 2_500;
/// Face value of one gift card, in cents ($25).
pub const GIFT_CARD_CENTS: i64 = 2_500;
/// Days after a sale before its points become available (the return window), by default.
pub const DEFAULT_RETURN_WINDOW_DAYS: i64 = 30;

/// One line of a sale, as the points allocation sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleLine {
    /// The line's identifier within its order.
    pub line: String,
    /// The line's total in cents; zero or negative earns nothing (negative counts as zero).
    pub cents: i64,
    /// A gift-card purchase: earns nothing and does not count towards the sale's total.
    pub gift_card: bool,
}

/// Points of each line, in the same order.
///
/// The sale earns floor(total cents of its earning lines / 100) points. Line i gets
/// floor(cumulative cents through line i / 100) − floor(cumulative cents before line i / 100),
/// over earning lines in the given order, so each line's points are fixed when recorded and
/// the lines sum exactly to the sale's points. Gift-card lines get 0 and are left out of the
/// cumulative sum; negative cents count as 0.
pub fn line_points(lines: &[SaleLine]) -> Vec<i64> {
    let mut cumulative = 0_i64;
    lines
        .iter()
        .map(|l| {
            if l.gift_card {
                return 0;
            }
            let before = cumulative / 100;
            cumulative += l.cents.max(0);
            cumulative / 100 - before
        })
        .collect()
}

/// One entry of a member's ledger, as the member's events record it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Entry {
    /// A sale line earned `points` at `at`; a second entry for the same line is ignored.
    Earned {
        order_no: String,
        line: String,
        points: i64,
        at: DateTime<Utc>,
    },
    /// The line was returned or its order cancelled: takes back what that line earned.
    Reversed {
        order_no: String,
        line: String,
        at: DateTime<Utc>,
    },
    /// A gift card was issued, taking `points` from the available balance.
    GiftCardIssued {
        card_no: String,
        points: i64,
        at: DateTime<Utc>,
    },
}

impl Entry {
    /// When the entry happened.
    pub fn at(&self) -> DateTime<Utc> {
        match self {
            Entry::Earned { at, .. }
            | Entry::Reversed { at, .. }
            | Entry::GiftCardIssued { at, .. } => *at,
        }
    }
}

/// A member's points as of a moment.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    /// Earned, not reversed, return window not yet closed.
    pub pending: i64,
    /// Matured earnings − reversals of matured lines − gift-card points; may be negative.
    pub available: i64,
    /// Earned minus all reversals.
    pub lifetime_points: i64,
    /// Gift cards issued so far.
    pub gift_cards_issued: i64,
}

/// What became of one earned line, as of some moment.
struct LineRecord {
    earned_at: DateTime<Utc>,
    points: i64,
    reversed_at: Option<DateTime<Utc>>,
}

/// Entries with `at <= as_of` (all when `None`), oldest first; equal times keep event order.
fn chronological(entries: &[Entry], as_of: Option<DateTime<Utc>>) -> Vec<&Entry> {
    let mut sorted: Vec<&Entry> = entries
        .iter()
        .filter(|e| as_of.is_none_or(|t| e.at() <= t))
        .collect();
    sorted.sort_by_key(|e| e.at());
    sorted
}

/// The lines earned (first entry per line only) and their first effective reversal.
fn lines<'a>(sorted: &[&'a Entry]) -> HashMap<(&'a str, &'a str), LineRecord> {
    let mut lines = HashMap::new();
    for &entry in sorted {
        let (at, key) = match entry {
            Entry::Earned { order_no, line, .. } | Entry::Reversed { order_no, line, .. } => {
                (entry.at(), (order_no.as_str(), line.as_str()))
            }
            Entry::GiftCardIssued { .. } => continue,
        };
        if let Entry::Earned { points, .. } = entry {
            let (earned_at, points, reversed_at) = (at, *points, None);
            lines.entry(key).or_insert(LineRecord {
                earned_at,
                points,
                reversed_at,
            });
        } else if let Some(record) = lines.get_mut(&key) {
            record.reversed_at.get_or_insert(at);
        }
    }
    lines
}

/// The balance as of `as_of`: only entries with `at <= as_of` count (taken in time order).
///
/// A line earned at t matures at t + window (inclusive). A line reversed before it matured
/// never becomes available (it stops being pending at the reversal). A line reversed at or
/// after maturity was available and the reversal subtracts its points from available at the
/// reversal's time. A reversal whose line is unknown (or already reversed) changes nothing;
/// a second earning of the same line is ignored. Each `GiftCardIssued` entry counts once.
pub fn balance_at(entries: &[Entry], window: Duration, as_of: DateTime<Utc>) -> Balance {
    let sorted = chronological(entries, Some(as_of));
    let mut balance = Balance::default();
    for record in lines(&sorted).values() {
        let matured = as_of >= record.earned_at + window;
        match record.reversed_at {
            // A reversed line nets to zero: before maturity it never became available, after
            // it its reversal took back what maturity had added.
            Some(_) => continue,
            None if matured => balance.available += record.points,
            None => balance.pending += record.points,
        }
        balance.lifetime_points += record.points;
    }
    for entry in &sorted {
        if let Entry::GiftCardIssued { points, .. } = entry {
            balance.available -= points;
            balance.gift_cards_issued += 1;
        }
    }
    balance
}

/// How many gift cards are due on this balance: available / 2,500 when available > 0, else 0.
pub fn gift_cards_due(balance: &Balance) -> i64 {
    balance.available.max(0) / POINTS_PER_GIFT_CARD
}

/// How many gift cards are due as of `as_of`: as [`gift_cards_due`] on the balance then, less
/// the cards already issued with a later time (a card issued by a sale recorded just before
/// paid for those points too, whatever its time says).
pub fn gift_cards_due_at(entries: &[Entry], window: Duration, as_of: DateTime<Utc>) -> i64 {
    let mut balance = balance_at(entries, window, as_of);
    for entry in entries {
        if let Entry::GiftCardIssued { points, at, .. } = entry {
            if *at > as_of {
                balance.available -= points;
            }
        }
    }
    gift_cards_due(&balance)
}

/// True when this (order_no, line) has already earned (so a second RecordSale of it is ignored).
pub fn has_earned(entries: &[Entry], order_no: &str, line: &str) -> bool {
    entries.iter().any(
        |e| matches!(e, Entry::Earned { order_no: o, line: l, .. } if o == order_no && l == line),
    )
}

/// True when this (order_no, line) earned and has not been reversed (so a reversal applies).
pub fn reversible(entries: &[Entry], order_no: &str, line: &str) -> bool {
    let sorted = chronological(entries, None);
    lines(&sorted)
        .get(&(order_no, line))
        .is_some_and(|record| record.reversed_at.is_none())
}

/// One row of the member's history as shown on the account page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    /// When it happened.
    pub at: DateTime<Utc>,
    /// What happened.
    pub kind: HistoryKind,
    /// + for earned, − for reversed and gift cards.
    pub points: i64,
    /// The order number (earned, reversed) or the card number (gift card).
    pub reference: String,
    /// For an earned line, its state as of the history's `as_of`; `None` for other rows.
    pub state: Option<LineState>,
    /// For a pending line, the moment it becomes available; `None` otherwise.
    pub available_on: Option<DateTime<Utc>>,
}

/// What a history row records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum HistoryKind {
    Earned,
    Reversed,
    GiftCard,
}

/// State of an earned line as of some moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LineState {
    Pending,
    Available,
    Reversed,
}

/// The member's history as of `as_of`, newest first (equal times: later event first).
///
/// One row per earned line (not grouped per order), so each row's state is exact. Entries after
/// `as_of`, duplicate earnings and reversals that change nothing (unknown or already reversed
/// line) are left out; a reversal row shows minus the points its line had earned.
pub fn history(entries: &[Entry], window: Duration, as_of: DateTime<Utc>) -> Vec<HistoryRow> {
    let sorted = chronological(entries, Some(as_of));
    let lines = lines(&sorted);
    let mut earned = HashSet::new();
    let mut reversed = HashSet::new();
    let mut rows = Vec::new();
    for entry in &sorted {
        let (kind, points, reference, state, available_on) = match entry {
            Entry::Earned { order_no, line, .. } => {
                let key = (order_no.as_str(), line.as_str());
                if !earned.insert(key) {
                    continue;
                }
                let record = &lines[&key];
                let matures = record.earned_at + window;
                let (state, available_on) = match record.reversed_at {
                    Some(_) => (LineState::Reversed, None),
                    None if as_of >= matures => (LineState::Available, None),
                    None => (LineState::Pending, Some(matures)),
                };
                let (kind, state) = (HistoryKind::Earned, Some(state));
                (kind, record.points, order_no, state, available_on)
            }
            Entry::Reversed { order_no, line, .. } => {
                let key = (order_no.as_str(), line.as_str());
                if !earned.contains(&key) || !reversed.insert(key) {
                    continue;
                }
                let points = -lines[&key].points;
                (HistoryKind::Reversed, points, order_no, None, None)
            }
            Entry::GiftCardIssued {
                card_no, points, ..
            } => (HistoryKind::GiftCard, -points, card_no, None, None),
        };
        let reference = reference.clone();
        let at = entry.at();
        rows.push(HistoryRow {
            at,
            kind,
            points,
            reference,
            state,
            available_on,
        });
    }
    rows.reverse();
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn day(n: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 1, 1, 12, 0, 0).unwrap() + Duration::days(n)
    }
    fn window() -> Duration {
        Duration::days(DEFAULT_RETURN_WINDOW_DAYS)
    }
    fn earned(order: &str, line: &str, points: i64, d: i64) -> Entry {
        let (order_no, line, at) = (order.into(), line.into(), day(d));
        Entry::Earned {
            order_no,
            line,
            points,
            at,
        }
    }
    fn reversed(order: &str, line: &str, d: i64) -> Entry {
        let (order_no, line, at) = (order.into(), line.into(), day(d));
        Entry::Reversed { order_no, line, at }
    }
    fn card(no: &str, d: i64) -> Entry {
        let (card_no, points, at) = (no.into(), POINTS_PER_GIFT_CARD, day(d));
        Entry::GiftCardIssued {
            card_no,
            points,
            at,
        }
    }
    fn sale(cents: &[(i64, bool)]) -> Vec<SaleLine> {
        let line = |(i, &(cents, gift_card)): (usize, _)| SaleLine {
            line: i.to_string(),
            cents,
            gift_card,
        };
        cents.iter().enumerate().map(line).collect()
    }
    /// (pending, available, lifetime points, gift cards issued) on day `d`.
    fn on(entries: &[Entry], d: i64) -> (i64, i64, i64, i64) {
        let b = balance_at(entries, window(), day(d));
        let counts = (b.lifetime_points, b.gift_cards_issued);
        (b.pending, b.available, counts.0, counts.1)
    }

    #[test]
    fn sale_of_2549_99_is_2549_pending_points_then_available_after_30_days() {
        let points = line_points(&sale(&[(127_499, false), (127_500, false)]));
        assert_eq!(points, vec![1_274, 1_275]);
        let mut entries = vec![earned("A1", "0", points[0], 0)];
        entries.push(earned("A1", "1", points[1], 0));
        assert_eq!(on(&entries, 0), (2_549, 0, 2_549, 0));
        assert_eq!(on(&entries, 29), (2_549, 0, 2_549, 0));
        assert_eq!(on(&entries, 30), (0, 2_549, 2_549, 0));
    }

    #[test]
    fn allocation_sums_to_the_sale_and_gift_cards_earn_nothing() {
        // floor(297 / 100) = 2, fixed line by line.
        assert_eq!(line_points(&sale(&[(99, false); 3])), vec![0, 1, 1]);
        let with_card = sale(&[(99, false), (5_000, true), (99, false), (99, false)]);
        assert_eq!(line_points(&with_card), vec![0, 0, 1, 1]);
        let odd = sale(&[(-500, false), (0, false), (250, false)]);
        assert_eq!(line_points(&odd), vec![0, 0, 2]);
        let many: Vec<(i64, bool)> = (0..37).map(|i| (1_234 + i * 77, i % 5 == 0)).collect();
        let total: i64 = many.iter().filter(|l| !l.1).map(|l| l.0).sum();
        let points = line_points(&sale(&many));
        assert_eq!(points.iter().sum::<i64>(), total / 100);
        assert!(points.iter().zip(&many).all(|(p, l)| !l.1 || *p == 0));
    }

    #[test]
    fn card_due_at_2600_available_and_100_carries_over() {
        let mut entries = vec![earned("A1", "1", 2_600, 0)];
        let before = balance_at(&entries, window(), day(30));
        assert_eq!(on(&entries, 30), (0, 2_600, 2_600, 0));
        assert_eq!(gift_cards_due(&before), 1);
        entries.push(card("GC-1", 31));
        let after = balance_at(&entries, window(), day(31));
        assert_eq!(on(&entries, 31), (0, 100, 2_600, 1));
        assert_eq!(gift_cards_due(&after), 0);
        let mut other = after.clone();
        other.available = 7_499;
        assert_eq!(gift_cards_due(&other), 2);
        other.available = -3_000;
        assert_eq!(gift_cards_due(&other), 0);
    }

    #[test]
    fn return_after_card_goes_negative_and_later_earning_repays_it() {
        let mut entries = vec![earned("A1", "1", 1_274, 0), earned("A1", "2", 1_275, 0)];
        entries.push(card("GC-1", 31));
        assert_eq!(on(&entries, 31), (0, 49, 2_549, 1));
        entries.push(reversed("A1", "2", 40));
        // 49 − 1,275 = −1,226, shown as is; lifetime keeps line 1 only.
        assert_eq!(on(&entries, 40), (0, -1_226, 1_274, 1));
        entries.push(earned("B2", "1", 1_300, 45));
        assert_eq!(on(&entries, 50), (1_300, -1_226, 2_574, 1));
        // Matured on day 75: −1,226 + 1,300 = 74.
        assert_eq!(on(&entries, 75), (0, 74, 2_574, 1));
    }

    #[test]
    fn line_reversed_while_pending_never_becomes_available() {
        let entries = vec![earned("A1", "1", 500, 0), reversed("A1", "1", 10)];
        assert_eq!(on(&entries, 9), (500, 0, 500, 0));
        assert_eq!(on(&entries, 10), (0, 0, 0, 0));
        assert_eq!(on(&entries, 40), (0, 0, 0, 0));
    }

    #[test]
    fn duplicate_sales_and_reversals_count_once() {
        let mut entries = vec![];
        assert!(!has_earned(&entries, "A1", "1"));
        assert!(!reversible(&entries, "A1", "1"));
        entries.push(earned("A1", "1", 300, 0));
        assert!(has_earned(&entries, "A1", "1"));
        assert!(!has_earned(&entries, "A1", "2"));
        assert!(reversible(&entries, "A1", "1"));
        assert!(!reversible(&entries, "A9", "1"));
        entries.push(earned("A1", "1", 300, 1)); // recorded twice
        assert_eq!(on(&entries, 34), (0, 300, 300, 0));
        entries.push(reversed("A1", "1", 35));
        assert!(!reversible(&entries, "A1", "1"));
        assert!(has_earned(&entries, "A1", "1"));
        entries.push(reversed("A1", "1", 36)); // reversed twice
        entries.push(reversed("ZZ", "1", 36)); // unknown line
        assert_eq!(on(&entries, 40), (0, 0, 0, 0));
    }

    /// Over 90 days: O1 (1,000 + 1,800) on day 0, O2 400 on day 20 returned on day 25 (pending),
    /// card on day 35, O3 700 on day 50, O1 line 2 returned on day 60 (after maturity).
    fn ninety_days() -> Vec<Entry> {
        vec![
            earned("O1", "1", 1_000, 0),
            earned("O1", "2", 1_800, 0),
            earned("O2", "1", 400, 20),
            reversed("O2", "1", 25),
            card("GC-1", 35),
            earned("O3", "1", 700, 50),
            reversed("O1", "2", 60),
        ]
    }

    #[test]
    fn balance_on_past_dates_matches_hand_computed_ledger() {
        let entries = ninety_days();
        // Day 22: nothing matured; pending 1,000 + 1,800 + 400 = 3,200.
        assert_eq!(on(&entries, 22), (3_200, 0, 3_200, 0));
        // Day 40: O1 matured on day 30 (2,800); O2 reversed while pending; card −2,500 → 300.
        assert_eq!(on(&entries, 40), (0, 300, 2_800, 1));
        // Day 70: O1/2 reversed after maturity → 1,000 − 2,500 = −1,500; O3 pending until day 80.
        // Lifetime 1,000 + 700 = 1,700.
        assert_eq!(on(&entries, 70), (700, -1_500, 1_700, 1));
        // Day 90: O3 matured → −1,500 + 700 = −800.
        assert_eq!(on(&entries, 90), (0, -800, 1_700, 1));
    }

    #[test]
    fn history_is_newest_first_with_line_states() {
        use HistoryKind as K;
        use LineState as S;
        let entries = ninety_days();
        let rows = history(&entries, window(), day(70));
        let summary: Vec<_> = rows
            .iter()
            .map(|r| (r.at, r.kind, r.points, r.reference.as_str(), r.state))
            .collect();
        assert_eq!(
            summary,
            vec![
                (day(60), K::Reversed, -1_800, "O1", None),
                (day(50), K::Earned, 700, "O3", Some(S::Pending)),
                (day(35), K::GiftCard, -2_500, "GC-1", None),
                (day(25), K::Reversed, -400, "O2", None),
                (day(20), K::Earned, 400, "O2", Some(S::Reversed)),
                (day(0), K::Earned, 1_800, "O1", Some(S::Reversed)),
                (day(0), K::Earned, 1_000, "O1", Some(S::Available)),
            ]
        );
        let available_on: Vec<_> = rows.iter().map(|r| r.available_on).collect();
        let pending_o3 = Some(day(80));
        assert_eq!(
            available_on,
            [None, pending_o3, None, None, None, None, None]
        );
        // Earlier: entries after as_of are left out, O1 line 2 is still available.
        let earlier = history(&entries, window(), day(40));
        assert_eq!(earlier.len(), 5);
        assert_eq!(earlier[3].state, Some(S::Available));
        // Duplicate earnings and duplicate or unknown reversals add no rows.
        let mut dup = entries.clone();
        dup.extend([reversed("O1", "2", 65), reversed("ZZ", "1", 66)]);
        dup.push(earned("O3", "1", 700, 67));
        assert_eq!(history(&dup, window(), day(70)), rows);
    }

    #[test]
    fn entries_and_rows_serialize_in_camel_case() {
        let json = serde_json::to_value(earned("O1", "1", 5, 0)).unwrap();
        assert_eq!(json["earned"]["orderNo"], "O1");
        let row = &history(&[earned("O1", "1", 5, 0)], window(), day(0))[0];
        let json = serde_json::to_value(row).unwrap();
        assert_eq!(
            (json["kind"].as_str(), json["state"].as_str()),
            (Some("earned"), Some("pending"))
        );
        assert!(json["availableOn"].is_string());
    }
}
