//! A pin board: the items a merchandiser pinned, in order, for one keyword (`kw:{keyword}`,
//! lower-cased, spaces collapsed) or one landing page (`lp:{department id}`). Pins apply at
//! query time, in order, above the ranked results.

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
                let url = url.trim().to_string();
                if !kernel::validation::is_local_url(&url)
                    || url.len() > 2048
                    || url.chars().any(char::is_control)
                {
                    return Err(PinError::NotLocal);
                }
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
            PinEvent::BoardRestored { pins, redirect, .. } => {
                self.pins = pins;
                self.redirect = redirect;
            }
        }
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
