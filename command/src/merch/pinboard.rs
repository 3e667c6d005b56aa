//! A pin board: the items a merchandiser pinned, in order, for one keyword (`kw:{keyword}`,
//! lower-cased, spaces collapsed) or one landing page (`lp:{department id}`). Pins apply at
//! query time, in order, above the ranked results.
//!
//! A board may hold a **draft**: the pins and redirect it is to have, kept apart from what
//! shoppers see until it is published (or discarded); a merchandiser previews it with
//! `prv=draft`. Each pinned item and the redirect may be **scheduled** to start and end at given
//! times: outside its window a rule is skipped at query time (`HawkDate` previews a date).
//! Every event is a version of the board; its pins and redirect at each are kept for restore.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// Most items pinned on one board (one page of results).
pub const MAX_PINS: usize = 60;

#[derive(Debug, Clone, PartialEq)]
pub enum PinCommand {
    /// Pins the item at the top (an item already pinned moves to the top).
    AddItemToTop {
        item_id: String,
    },
    UnpinItem {
        item_id: String,
    },
    /// The full new order of the pinned items.
    UpdateItemPinOrder {
        items: Vec<String>,
    },
    /// Searching the keyword goes to this page of the store instead (keyword boards only).
    SetRedirect {
        url: String,
    },
    RemoveRedirect,
    /// The pins and redirect the board had at an earlier version, again.
    RestoreVersion {
        version: u32,
    },
    /// The pins (in order) and redirect the board is to have, kept as its draft.
    SaveDraft {
        pins: Vec<String>,
        redirect: Option<String>,
    },
    DiscardDraft,
    /// The draft becomes what shoppers see.
    PublishDraft,
    /// A pinned item's (or the redirect's) window: from `starts_at` (none: now) until `ends_at`
    /// (none: for good). Both none: always.
    ScheduleRule {
        rule: RuleRef,
        starts_at: Option<DateTime<Utc>>,
        ends_at: Option<DateTime<Utc>>,
    },
}

/// One rule of a board: a pinned item, or the keyword's redirect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleRef {
    Pin(String),
    Redirect,
}

impl RuleRef {
    /// Its key in [`PinBoard::schedules`]: `pin:{item}` or `redirect`.
    pub fn key(&self) -> String {
        match self {
            RuleRef::Pin(item) => format!("pin:{item}"),
            RuleRef::Redirect => "redirect".into(),
        }
    }
}

/// When a rule applies: from `starts_at` (none: from the start) until `ends_at` (none: for
/// good), the end excluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    #[serde(rename = "startsAt", default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(rename = "endsAt", default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<DateTime<Utc>>,
}

impl Window {
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.starts_at.is_none_or(|s| s <= at) && self.ends_at.is_none_or(|e| at < e)
    }
}

/// A board's draft: the pins in order and the redirect it is to have.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    pub pins: Vec<String>,
    pub redirect: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum PinEvent {
    Pinned {
        #[serde(rename = "itemId")]
        item_id: String,
    },
    Unpinned {
        #[serde(rename = "itemId")]
        item_id: String,
    },
    PinsReordered {
        items: Vec<String>,
    },
    RedirectSet {
        url: String,
    },
    RedirectRemoved,
    /// The board holds what it held at version `toVersion` again (a new version).
    BoardRestored {
        #[serde(rename = "toVersion")]
        to_version: u32,
        pins: Vec<String>,
        redirect: Option<String>,
    },
    DraftSaved {
        pins: Vec<String>,
        redirect: Option<String>,
    },
    DraftDiscarded,
    /// The draft's pins and redirect are the board's (a new version).
    DraftPublished {
        pins: Vec<String>,
        redirect: Option<String>,
    },
    /// A rule's window (`rule`: `pin:{item}` or `redirect`); no start and no end: always.
    RuleScheduled {
        rule: String,
        #[serde(rename = "startsAt")]
        starts_at: Option<DateTime<Utc>>,
        #[serde(rename = "endsAt")]
        ends_at: Option<DateTime<Utc>>,
    },
}

impl DomainEvent for PinEvent {
    fn event_type(&self) -> String {
        match self {
            PinEvent::Pinned { .. } => "Pinned",
            PinEvent::Unpinned { .. } => "Unpinned",
            PinEvent::PinsReordered { .. } => "PinsReordered",
            PinEvent::RedirectSet { .. } => "RedirectSet",
            PinEvent::RedirectRemoved => "RedirectRemoved",
            PinEvent::BoardRestored { .. } => "BoardRestored",
            PinEvent::DraftSaved { .. } => "DraftSaved",
            PinEvent::DraftDiscarded => "DraftDiscarded",
            PinEvent::DraftPublished { .. } => "DraftPublished",
            PinEvent::RuleScheduled { .. } => "RuleScheduled",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PinError {
    #[error("That item is not pinned here.")]
    NotPinned,
    #[error("The new order must list exactly the pinned items.")]
    NotTheSameItems,
    #[error("At most {MAX_PINS} items can be pinned here.")]
    TooMany,
    #[error("Please choose an item.")]
    NoItem,
    #[error("A redirect must be a page of this store, starting with a single slash.")]
    NotLocal,
    #[error("There is no redirect here.")]
    NoRedirect,
    #[error("There is no such version of this board.")]
    UnknownVersion,
    #[error("The board already holds that version's pins and redirect.")]
    SameVersion,
    #[error("This board has no draft.")]
    NoDraft,
    #[error("An item can be pinned only once.")]
    Duplicate,
    #[error("A rule must start before it ends.")]
    BadSchedule,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct PinBoard {
    pub pins: Vec<String>,
    #[serde(default)]
    pub redirect: Option<String>,
    /// The pins and redirect after each of the last [`KEPT_VERSIONS`] events: version `n` (the
    /// board after its `n`th event) is `history[n - first_kept]`. Not defaulted: a snapshot
    /// from before it no longer decodes, so the board is replayed from its first event.
    pub history: Vec<(Vec<String>, Option<String>)>,
    /// The version `history[0]` is (1 until more than [`KEPT_VERSIONS`] were made).
    pub first_kept: u32,
    /// The draft waiting to be published, if any.
    #[serde(default)]
    pub draft: Option<Draft>,
    /// The windows of scheduled rules, by [`RuleRef::key`]; a rule without one always applies.
    /// An item's window goes when the item is unpinned, the redirect's when it is removed.
    #[serde(default)]
    pub schedules: BTreeMap<String, Window>,
}

/// The versions of a board a merchandiser can restore.
pub const KEPT_VERSIONS: usize = 500;

/// The board of a keyword: `kw:` and the keyword lower-cased with its spaces collapsed.
pub fn keyword_board(keyword: &str) -> String {
    let words: Vec<String> = keyword.split_whitespace().map(str::to_lowercase).collect();
    format!("kw:{}", words.join(" "))
}

/// The board of a landing page (a department listing).
pub fn landing_board(department_id: i32) -> String {
    format!("lp:{department_id}")
}

/// A redirect's URL: a page of this store (one leading slash), bounded, no control characters.
fn check_redirect(url: String) -> Result<String, PinError> {
    if !kernel::validation::is_local_url(&url)
        || url.len() > 2048
        || url.chars().any(char::is_control)
    {
        return Err(PinError::NotLocal);
    }
    Ok(url)
}

impl PinBoard {
    /// The pins and redirect in force at `at` (the scheduled rules outside their window left
    /// out), of the draft when `draft` and the board has one.
    pub fn in_force(&self, at: DateTime<Utc>, draft: bool) -> (Vec<String>, Option<String>) {
        let (pins, redirect) = match (&self.draft, draft) {
            (Some(d), true) => (&d.pins, &d.redirect),
            _ => (&self.pins, &self.redirect),
        };
        in_force(pins, redirect.as_deref(), &self.schedules, at)
    }
}

/// `pins` and `redirect` less the rules `schedules` puts outside their window at `at`.
pub fn in_force(
    pins: &[String],
    redirect: Option<&str>,
    schedules: &BTreeMap<String, Window>,
    at: DateTime<Utc>,
) -> (Vec<String>, Option<String>) {
    let open = |key: String| schedules.get(&key).is_none_or(|w| w.contains(at));
    (
        pins.iter()
            .filter(|p| open(RuleRef::Pin(p.to_string()).key()))
            .cloned()
            .collect(),
        redirect
            .filter(|_| open(RuleRef::Redirect.key()))
            .map(String::from),
    )
}

impl Aggregate for PinBoard {
    const TYPE: &'static str = "PinBoard";
    type Command = PinCommand;
    type Event = PinEvent;
    type Error = PinError;
    type Services = ();

    async fn handle(
        &mut self,
        command: PinCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), PinError> {
        match command {
            PinCommand::AddItemToTop { item_id } => {
                if item_id.trim().is_empty() {
                    return Err(PinError::NoItem);
                }
                if self.pins.first() == Some(&item_id) {
                    return Ok(());
                }
                if !self.pins.contains(&item_id) && self.pins.len() >= MAX_PINS {
                    return Err(PinError::TooMany);
                }
                sink.write(PinEvent::Pinned { item_id }, self).await;
            }
            PinCommand::UnpinItem { item_id } => {
                if !self.pins.contains(&item_id) {
                    return Err(PinError::NotPinned);
                }
                sink.write(PinEvent::Unpinned { item_id }, self).await;
            }
            PinCommand::UpdateItemPinOrder { items } => {
                let mut wanted = items.clone();
                wanted.sort();
                wanted.dedup();
                let mut current = self.pins.clone();
                current.sort();
                if wanted != current || items.len() != self.pins.len() {
                    return Err(PinError::NotTheSameItems);
                }
                if items != self.pins {
                    sink.write(PinEvent::PinsReordered { items }, self).await;
                }
            }
            PinCommand::SetRedirect { url } => {
                let url = check_redirect(url.trim().to_string())?;
                if self.redirect.as_deref() != Some(url.as_str()) {
                    sink.write(PinEvent::RedirectSet { url }, self).await;
                }
            }
            PinCommand::RemoveRedirect => {
                if self.redirect.is_none() {
                    return Err(PinError::NoRedirect);
                }
                sink.write(PinEvent::RedirectRemoved, self).await;
            }
            PinCommand::RestoreVersion { version } => {
                let Some((pins, redirect)) = version
                    .checked_sub(self.first_kept.max(1))
                    .and_then(|i| self.history.get(i as usize))
                    .cloned()
                else {
                    return Err(PinError::UnknownVersion);
                };
                if pins == self.pins && redirect == self.redirect {
                    return Err(PinError::SameVersion);
                }
                sink.write(
                    PinEvent::BoardRestored {
                        to_version: version,
                        pins,
                        redirect,
                    },
                    self,
                )
                .await;
            }
            PinCommand::SaveDraft { pins, redirect } => {
                if pins.iter().any(|p| p.trim().is_empty()) {
                    return Err(PinError::NoItem);
                }
                let mut unique = pins.clone();
                unique.sort();
                unique.dedup();
                if unique.len() != pins.len() {
                    return Err(PinError::Duplicate);
                }
                if pins.len() > MAX_PINS {
                    return Err(PinError::TooMany);
                }
                let redirect = match redirect.map(|u| u.trim().to_string()) {
                    Some(url) => Some(check_redirect(url)?),
                    None => None,
                };
                if self.draft.as_ref()
                    == Some(&Draft {
                        pins: pins.clone(),
                        redirect: redirect.clone(),
                    })
                {
                    return Ok(());
                }
                sink.write(PinEvent::DraftSaved { pins, redirect }, self)
                    .await;
            }
            PinCommand::DiscardDraft => {
                if self.draft.is_none() {
                    return Err(PinError::NoDraft);
                }
                sink.write(PinEvent::DraftDiscarded, self).await;
            }
            PinCommand::PublishDraft => {
                let Some(Draft { pins, redirect }) = self.draft.clone() else {
                    return Err(PinError::NoDraft);
                };
                sink.write(PinEvent::DraftPublished { pins, redirect }, self)
                    .await;
            }
            PinCommand::ScheduleRule {
                rule,
                starts_at,
                ends_at,
            } => {
                match &rule {
                    RuleRef::Pin(item) if !self.pins.contains(item) => {
                        return Err(PinError::NotPinned)
                    }
                    RuleRef::Redirect if self.redirect.is_none() => {
                        return Err(PinError::NoRedirect)
                    }
                    _ => {}
                }
                if let (Some(start), Some(end)) = (starts_at, ends_at) {
                    if start >= end {
                        return Err(PinError::BadSchedule);
                    }
                }
                let key = rule.key();
                let window = Window { starts_at, ends_at };
                let current = self.schedules.get(&key).copied();
                let unchanged = match current {
                    Some(w) => w == window,
                    None => starts_at.is_none() && ends_at.is_none(),
                };
                if !unchanged {
                    sink.write(
                        PinEvent::RuleScheduled {
                            rule: key,
                            starts_at,
                            ends_at,
                        },
                        self,
                    )
                    .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: PinEvent) {
        match event {
            PinEvent::Pinned { item_id } => {
                self.pins.retain(|p| *p != item_id);
                self.pins.insert(0, item_id);
            }
            PinEvent::Unpinned { item_id } => self.pins.retain(|p| *p != item_id),
            PinEvent::PinsReordered { items } => self.pins = items,
            PinEvent::RedirectSet { url } => self.redirect = Some(url),
            PinEvent::RedirectRemoved => self.redirect = None,
            PinEvent::BoardRestored { pins, redirect, .. }
            | PinEvent::DraftPublished { pins, redirect } => {
                self.pins = pins;
                self.redirect = redirect;
                self.draft = None;
            }
            PinEvent::DraftSaved { pins, redirect } => self.draft = Some(Draft { pins, redirect }),
            PinEvent::DraftDiscarded => self.draft = None,
            PinEvent::RuleScheduled {
                rule,
                starts_at,
                ends_at,
            } => {
                if starts_at.is_none() && ends_at.is_none() {
                    self.schedules.remove(&rule);
                } else {
                    self.schedules.insert(rule, Window { starts_at, ends_at });
                }
            }
        }
        // A window lasts as long as its rule.
        let (pins, redirect) = (&self.pins, &self.redirect);
        self.schedules
            .retain(|key, _| match key.strip_prefix("pin:") {
                Some(item) => pins.contains(&item.to_string()),
                None => redirect.is_some(),
            });
        if self.first_kept == 0 {
            self.first_kept = 1;
        }
        self.history
            .push((self.pins.clone(), self.redirect.clone()));
        if self.history.len() > KEPT_VERSIONS {
            self.history.remove(0);
            self.first_kept += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn pinned(id: &str) -> PinEvent {
        PinEvent::Pinned { item_id: id.into() }
    }

    #[test]
    fn adding_to_the_top_pins_or_moves_up() {
        TestFramework::<PinBoard>::with(())
            .given_no_previous_events()
            .when(PinCommand::AddItemToTop {
                item_id: "100".into(),
            })
            .then_expect_events(vec![pinned("100")]);
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100"), pinned("200")])
            .when(PinCommand::AddItemToTop {
                item_id: "100".into(),
            })
            .then_expect_events(vec![pinned("100")]);
        // Already on top: nothing to record.
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100")])
            .when(PinCommand::AddItemToTop {
                item_id: "100".into(),
            })
            .then_expect_events(vec![]);
        TestFramework::<PinBoard>::with(())
            .given_no_previous_events()
            .when(PinCommand::AddItemToTop {
                item_id: " ".into(),
            })
            .then_expect_error(PinError::NoItem);
    }

    #[test]
    fn unpinning_needs_a_pinned_item() {
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100")])
            .when(PinCommand::UnpinItem {
                item_id: "100".into(),
            })
            .then_expect_events(vec![PinEvent::Unpinned {
                item_id: "100".into(),
            }]);
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100")])
            .when(PinCommand::UnpinItem {
                item_id: "200".into(),
            })
            .then_expect_error(PinError::NotPinned);
    }

    #[test]
    fn a_new_order_lists_exactly_the_pinned_items() {
        let given = vec![pinned("300"), pinned("200"), pinned("100")]; // order 100, 200, 300
        TestFramework::<PinBoard>::with(())
            .given(given.clone())
            .when(PinCommand::UpdateItemPinOrder {
                items: vec!["300".into(), "100".into(), "200".into()],
            })
            .then_expect_events(vec![PinEvent::PinsReordered {
                items: vec!["300".into(), "100".into(), "200".into()],
            }]);
        for wrong in [
            vec!["100", "200"],
            vec!["100", "200", "400"],
            vec!["100", "100", "200"],
        ] {
            TestFramework::<PinBoard>::with(())
                .given(given.clone())
                .when(PinCommand::UpdateItemPinOrder {
                    items: wrong.iter().map(|s| s.to_string()).collect(),
                })
                .then_expect_error(PinError::NotTheSameItems);
        }
        TestFramework::<PinBoard>::with(())
            .given(given)
            .when(PinCommand::UpdateItemPinOrder {
                items: vec!["100".into(), "200".into(), "300".into()],
            })
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_keyword_redirects_only_to_a_page_of_the_store() {
        TestFramework::<PinBoard>::with(())
            .given_no_previous_events()
            .when(PinCommand::SetRedirect {
                url: "/store-finder/".into(),
            })
            .then_expect_events(vec![PinEvent::RedirectSet {
                url: "/store-finder/".into(),
            }]);
        for bad in [
            "https://evil.example/",
            "//evil.example",
            "store-finder",
            "/\\evil",
        ] {
            TestFramework::<PinBoard>::with(())
                .given_no_previous_events()
                .when(PinCommand::SetRedirect { url: bad.into() })
                .then_expect_error(PinError::NotLocal);
        }
        TestFramework::<PinBoard>::with(())
            .given(vec![PinEvent::RedirectSet {
                url: "/store-finder/".into(),
            }])
            .when(PinCommand::RemoveRedirect)
            .then_expect_events(vec![PinEvent::RedirectRemoved]);
        TestFramework::<PinBoard>::with(())
            .given_no_previous_events()
            .when(PinCommand::RemoveRedirect)
            .then_expect_error(PinError::NoRedirect);
    }

    #[test]
    fn a_board_is_restored_to_any_earlier_version() {
        let history = vec![
            pinned("100"),
            pinned("200"),
            PinEvent::RedirectSet {
                url: "/store-finder/".into(),
            },
            PinEvent::Unpinned {
                item_id: "100".into(),
            },
        ];
        TestFramework::<PinBoard>::with(())
            .given(history.clone())
            .when(PinCommand::RestoreVersion { version: 2 })
            .then_expect_events(vec![PinEvent::BoardRestored {
                to_version: 2,
                pins: vec!["200".into(), "100".into()],
                redirect: None,
            }]);
        for (version, error) in [
            (4, PinError::SameVersion),
            (5, PinError::UnknownVersion),
            (0, PinError::UnknownVersion),
        ] {
            TestFramework::<PinBoard>::with(())
                .given(history.clone())
                .when(PinCommand::RestoreVersion { version })
                .then_expect_error(error);
        }
    }

    fn draft(pins: &[&str], redirect: Option<&str>) -> PinEvent {
        PinEvent::DraftSaved {
            pins: pins.iter().map(|p| p.to_string()).collect(),
            redirect: redirect.map(String::from),
        }
    }

    #[test]
    fn a_draft_waits_apart_until_published_or_discarded() {
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100")])
            .when(PinCommand::SaveDraft {
                pins: vec!["200".into(), "100".into()],
                redirect: Some(" /store-finder/ ".into()),
            })
            .then_expect_events(vec![draft(&["200", "100"], Some("/store-finder/"))]);
        // The draft changes nothing shoppers see.
        let mut board = PinBoard::default();
        board.apply(pinned("100"));
        board.apply(draft(&["200", "100"], None));
        assert_eq!(board.pins, vec!["100"]);
        assert_eq!(board.in_force(Utc::now(), false).0, vec!["100"]);
        assert_eq!(board.in_force(Utc::now(), true).0, vec!["200", "100"]);
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100"), draft(&["200"], None)])
            .when(PinCommand::PublishDraft)
            .then_expect_events(vec![PinEvent::DraftPublished {
                pins: vec!["200".into()],
                redirect: None,
            }]);
        TestFramework::<PinBoard>::with(())
            .given(vec![pinned("100"), draft(&["200"], None)])
            .when(PinCommand::DiscardDraft)
            .then_expect_events(vec![PinEvent::DraftDiscarded]);
        for command in [PinCommand::PublishDraft, PinCommand::DiscardDraft] {
            TestFramework::<PinBoard>::with(())
                .given(vec![
                    pinned("100"),
                    draft(&["200"], None),
                    PinEvent::DraftDiscarded,
                ])
                .when(command)
                .then_expect_error(PinError::NoDraft);
        }
        // The same draft again records nothing; a bad one is refused.
        TestFramework::<PinBoard>::with(())
            .given(vec![draft(&["200"], None)])
            .when(PinCommand::SaveDraft {
                pins: vec!["200".into()],
                redirect: None,
            })
            .then_expect_events(vec![]);
        for (pins, redirect, error) in [
            (vec!["1", "1"], None, PinError::Duplicate),
            (vec![" "], None, PinError::NoItem),
            (
                vec!["1"],
                Some("https://elsewhere.example/"),
                PinError::NotLocal,
            ),
        ] {
            TestFramework::<PinBoard>::with(())
                .given_no_previous_events()
                .when(PinCommand::SaveDraft {
                    pins: pins.iter().map(|p| p.to_string()).collect(),
                    redirect: redirect.map(String::from),
                })
                .then_expect_error(error);
        }
        let too_many = (0..=MAX_PINS).map(|i| i.to_string()).collect();
        TestFramework::<PinBoard>::with(())
            .given_no_previous_events()
            .when(PinCommand::SaveDraft {
                pins: too_many,
                redirect: None,
            })
            .then_expect_error(PinError::TooMany);
    }

    #[test]
    fn a_scheduled_rule_applies_only_in_its_window() {
        let day = |d: u32| {
            chrono::NaiveDate::from_ymd_opt(2026, 12, d)
                .unwrap()
                .and_hms_opt(0, 0, 0)
                .unwrap()
                .and_utc()
        };
        let given = vec![
            pinned("100"),
            pinned("200"),
            PinEvent::RedirectSet {
                url: "/holiday/".into(),
            },
        ];
        let schedule =
            |rule: RuleRef, from: Option<u32>, until: Option<u32>| PinCommand::ScheduleRule {
                rule,
                starts_at: from.map(day),
                ends_at: until.map(day),
            };
        TestFramework::<PinBoard>::with(())
            .given(given.clone())
            .when(schedule(RuleRef::Pin("100".into()), Some(20), Some(27)))
            .then_expect_events(vec![PinEvent::RuleScheduled {
                rule: "pin:100".into(),
                starts_at: Some(day(20)),
                ends_at: Some(day(27)),
            }]);
        for (command, error) in [
            (
                schedule(RuleRef::Pin("300".into()), Some(20), None),
                PinError::NotPinned,
            ),
            (
                schedule(RuleRef::Pin("100".into()), Some(27), Some(20)),
                PinError::BadSchedule,
            ),
            (
                schedule(RuleRef::Pin("100".into()), Some(20), Some(20)),
                PinError::BadSchedule,
            ),
        ] {
            TestFramework::<PinBoard>::with(())
                .given(given.clone())
                .when(command)
                .then_expect_error(error);
        }
        // No window to clear: nothing to record.
        TestFramework::<PinBoard>::with(())
            .given(given.clone())
            .when(schedule(RuleRef::Redirect, None, None))
            .then_expect_events(vec![]);

        let mut board = PinBoard::default();
        for e in given {
            board.apply(e);
        }
        board.apply(PinEvent::RuleScheduled {
            rule: "pin:100".into(),
            starts_at: Some(day(20)),
            ends_at: Some(day(27)),
        });
        board.apply(PinEvent::RuleScheduled {
            rule: "redirect".into(),
            starts_at: None,
            ends_at: Some(day(10)),
        });
        assert_eq!(
            board.in_force(day(5), false),
            (vec!["200".into()], Some("/holiday/".into()))
        );
        assert_eq!(
            board.in_force(day(20), false),
            (vec!["200".into(), "100".into()], None)
        );
        assert_eq!(board.in_force(day(27), false), (vec!["200".into()], None));
        // A window goes with its rule: pinned again later, the item is pinned for good.
        board.apply(PinEvent::Unpinned {
            item_id: "100".into(),
        });
        board.apply(pinned("100"));
        assert_eq!(board.in_force(day(5), false).0, vec!["100", "200"]);
        assert_eq!(board.schedules.len(), 1);
    }

    #[test]
    fn a_board_holds_at_most_a_page_of_pins() {
        let full: Vec<PinEvent> = (0..MAX_PINS).map(|i| pinned(&i.to_string())).collect();
        TestFramework::<PinBoard>::with(())
            .given(full)
            .when(PinCommand::AddItemToTop {
                item_id: "new".into(),
            })
            .then_expect_error(PinError::TooMany);
        assert_eq!(keyword_board("  Poly   ROPE "), "kw:poly rope");
        assert_eq!(landing_board(101), "lp:101");
    }
}
