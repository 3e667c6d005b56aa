//! The search's synonym rules as a versioned rule set: `words => replacement` (the words are
//! also searched as the replacement), each with an optional start and end.
//!
//! A merchandiser drafts a change to one rule (a new rule, a changed one, or its removal); a
//! draft changes nothing shoppers see until it is published, one rule at a time, which makes a
//! new version of the published set. Any earlier version can be published again in one step
//! (a rollback, itself a new version). The set's first version is the store's starter list
//! (`search-indexer/synonyms.txt`), seeded once. One aggregate holds the whole set
//! ([`SYNONYM_SET`]): its every change is an event with the acting staff id in its metadata.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// The id of the one synonym set.
pub const SYNONYM_SET: &str = "search";
/// Published rules at most.
pub const MAX_RULES: usize = 500;
/// Drafts waiting at most.
pub const MAX_DRAFTS: usize = 100;
/// The longest side of a rule, in characters and in words.
pub const MAX_SIDE_CHARS: usize = 100;
pub const MAX_SIDE_WORDS: usize = 8;

/// One rule: searching `words` also searches `replacement`, from `starts_at` (none: always)
/// until `ends_at` (none: for good). Both sides lower case, spaces collapsed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymRule {
    pub id: String,
    pub words: String,
    pub replacement: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<DateTime<Utc>>,
}

impl SynonymRule {
    /// Whether the rule applies at `at`.
    pub fn live_at(&self, at: DateTime<Utc>) -> bool {
        self.starts_at.is_none_or(|s| s <= at) && self.ends_at.is_none_or(|e| at < e)
    }
}

/// Lower case, spaces collapsed.
pub fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A change waiting to be published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Draft {
    /// The rule as it will be (new or changed).
    Rule(SynonymRule),
    /// The rule's removal.
    Removal,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SynonymCommand {
    /// The starter list as version 1; nothing when the set already has a version.
    Seed {
        rules: Vec<SynonymRule>,
    },
    /// A draft of a new rule (`new`: its id, issued by the server, is unused) or of a change
    /// to a published or drafted one.
    DraftRule {
        rule: SynonymRule,
        new: bool,
    },
    /// A draft removing a published rule.
    DraftRemoval {
        rule_id: String,
    },
    DiscardDraft {
        rule_id: String,
    },
    /// Publishes one rule's draft: a new version.
    Publish {
        rule_id: String,
    },
    /// Publishes an earlier version's rules again: a new version.
    RollBack {
        to_version: u32,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum SynonymEvent {
    SynonymsSeeded {
        version: u32,
        rules: Vec<SynonymRule>,
    },
    SynonymDrafted {
        rule: SynonymRule,
    },
    SynonymRemovalDrafted {
        rule_id: String,
    },
    SynonymDraftDiscarded {
        rule_id: String,
    },
    /// The rule's draft published as `version`: the rule as it now is, or none when removed.
    SynonymPublished {
        version: u32,
        rule_id: String,
        rule: Option<SynonymRule>,
    },
    /// `version` holds the rules of `to_version` again.
    SynonymsRolledBack {
        version: u32,
        to_version: u32,
        rules: Vec<SynonymRule>,
    },
}

impl DomainEvent for SynonymEvent {
    fn event_type(&self) -> String {
        match self {
            SynonymEvent::SynonymsSeeded { .. } => "SynonymsSeeded",
            SynonymEvent::SynonymDrafted { .. } => "SynonymDrafted",
            SynonymEvent::SynonymRemovalDrafted { .. } => "SynonymRemovalDrafted",
            SynonymEvent::SynonymDraftDiscarded { .. } => "SynonymDraftDiscarded",
            SynonymEvent::SynonymPublished { .. } => "SynonymPublished",
            SynonymEvent::SynonymsRolledBack { .. } => "SynonymsRolledBack",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SynonymError {
    #[error("Please give the words and what they also mean.")]
    Empty,
    #[error("Words and their replacement are at most {MAX_SIDE_CHARS} characters and {MAX_SIDE_WORDS} words each.")]
    TooLong,
    #[error("The words and their replacement must differ.")]
    Same,
    #[error("Another rule is for these words.")]
    Duplicate,
    #[error("A rule must start before it ends.")]
    BadSchedule,
    #[error("There is no such rule.")]
    UnknownRule,
    #[error("That rule has no draft to publish.")]
    NoDraft,
    #[error("There is no such version.")]
    UnknownVersion,
    #[error("That version is the one published.")]
    SameVersion,
    #[error("At most {MAX_RULES} rules and {MAX_DRAFTS} drafts are kept.")]
    TooMany,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct SynonymSet {
    /// Each published version's rules, version 1 first.
    pub versions: Vec<Vec<SynonymRule>>,
    pub drafts: BTreeMap<String, Draft>,
}

impl SynonymSet {
    /// The published version (0 before the seed).
    pub fn version(&self) -> u32 {
        self.versions.len() as u32
    }

    pub fn published(&self) -> &[SynonymRule] {
        self.versions.last().map(Vec::as_slice).unwrap_or(&[])
    }

    /// The published rules with `rule` in the place of the rule of its id (added when new),
    /// or without it when `rule` is none.
    fn with(&self, rule_id: &str, rule: Option<&SynonymRule>) -> Vec<SynonymRule> {
        let mut rules: Vec<SynonymRule> = self
            .published()
            .iter()
            .filter(|r| r.id != rule_id)
            .cloned()
            .collect();
        if let Some(rule) = rule {
            let at = self
                .published()
                .iter()
                .position(|r| r.id == rule_id)
                .unwrap_or(rules.len());
            rules.insert(at.min(rules.len()), rule.clone());
        }
        rules
    }

    fn known(&self, rule_id: &str) -> bool {
        self.published().iter().any(|r| r.id == rule_id) || self.drafts.contains_key(rule_id)
    }

    fn check(&self, rule: SynonymRule) -> Result<SynonymRule, SynonymError> {
        let rule = SynonymRule {
            words: normalize(&rule.words),
            replacement: normalize(&rule.replacement),
            ..rule
        };
        if rule.words.is_empty() || rule.replacement.is_empty() {
            return Err(SynonymError::Empty);
        }
        let too_long = |side: &str| {
            side.chars().count() > MAX_SIDE_CHARS
                || side.split(' ').count() > MAX_SIDE_WORDS
                || side.chars().any(char::is_control)
        };
        if too_long(&rule.words) || too_long(&rule.replacement) || rule.id.len() > 64 {
            return Err(SynonymError::TooLong);
        }
        if rule.words == rule.replacement {
            return Err(SynonymError::Same);
        }
        if let (Some(start), Some(end)) = (rule.starts_at, rule.ends_at) {
            if start >= end {
                return Err(SynonymError::BadSchedule);
            }
        }
        let drafted = self.drafts.iter().filter_map(|(id, d)| match d {
            Draft::Rule(r) if *id != rule.id => Some(r),
            _ => None,
        });
        if self
            .published()
            .iter()
            .filter(|r| r.id != rule.id)
            .chain(drafted)
            .any(|r| r.words == rule.words)
        {
            return Err(SynonymError::Duplicate);
        }
        Ok(rule)
    }
}

impl Aggregate for SynonymSet {
    const TYPE: &'static str = "SynonymSet";
    type Command = SynonymCommand;
    type Event = SynonymEvent;
    type Error = SynonymError;
    type Services = ();

    async fn handle(
        &mut self,
        command: SynonymCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), SynonymError> {
        match command {
            SynonymCommand::Seed { rules } => {
                if self.version() > 0 {
                    return Ok(());
                }
                let mut checked: Vec<SynonymRule> = Vec::new();
                for rule in rules.into_iter().take(MAX_RULES) {
                    let probe = SynonymSet {
                        versions: vec![checked.clone()],
                        drafts: BTreeMap::new(),
                    };
                    // A line of the starter list that is no rule is left out, not fatal.
                    if let Ok(rule) = probe.check(rule) {
                        checked.push(rule);
                    }
                }
                sink.write(
                    SynonymEvent::SynonymsSeeded {
                        version: 1,
                        rules: checked,
                    },
                    self,
                )
                .await;
            }
            SynonymCommand::DraftRule { rule, new } => {
                if new == self.known(&rule.id) {
                    return Err(if new {
                        SynonymError::Duplicate
                    } else {
                        SynonymError::UnknownRule
                    });
                }
                let rule = self.check(rule)?;
                if !self.drafts.contains_key(&rule.id) && self.drafts.len() >= MAX_DRAFTS {
                    return Err(SynonymError::TooMany);
                }
                if self.drafts.get(&rule.id) == Some(&Draft::Rule(rule.clone())) {
                    return Ok(());
                }
                sink.write(SynonymEvent::SynonymDrafted { rule }, self)
                    .await;
            }
            SynonymCommand::DraftRemoval { rule_id } => {
                if !self.published().iter().any(|r| r.id == rule_id) {
                    return Err(SynonymError::UnknownRule);
                }
                if self.drafts.get(&rule_id) == Some(&Draft::Removal) {
                    return Ok(());
                }
                if !self.drafts.contains_key(&rule_id) && self.drafts.len() >= MAX_DRAFTS {
                    return Err(SynonymError::TooMany);
                }
                sink.write(SynonymEvent::SynonymRemovalDrafted { rule_id }, self)
                    .await;
            }
            SynonymCommand::DiscardDraft { rule_id } => {
                if !self.drafts.contains_key(&rule_id) {
                    return Err(SynonymError::NoDraft);
                }
                sink.write(SynonymEvent::SynonymDraftDiscarded { rule_id }, self)
                    .await;
            }
            SynonymCommand::Publish { rule_id } => {
                let rule = match self.drafts.get(&rule_id) {
                    None => return Err(SynonymError::NoDraft),
                    Some(Draft::Removal) => None,
                    Some(Draft::Rule(rule)) => {
                        // The set may have changed since the draft was made (another rule
                        // published or a rollback): the draft must still fit.
                        let rule = self.check(rule.clone())?;
                        let adds = !self.published().iter().any(|r| r.id == rule_id);
                        if adds && self.published().len() >= MAX_RULES {
                            return Err(SynonymError::TooMany);
                        }
                        Some(rule)
                    }
                };
                sink.write(
                    SynonymEvent::SynonymPublished {
                        version: self.version() + 1,
                        rule_id,
                        rule,
                    },
                    self,
                )
                .await;
            }
            SynonymCommand::RollBack { to_version } => {
                if to_version == 0 || to_version > self.version() {
                    return Err(SynonymError::UnknownVersion);
                }
                let rules = self.versions[to_version as usize - 1].clone();
                if rules == self.published() {
                    return Err(SynonymError::SameVersion);
                }
                sink.write(
                    SynonymEvent::SynonymsRolledBack {
                        version: self.version() + 1,
                        to_version,
                        rules,
                    },
                    self,
                )
                .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: SynonymEvent) {
        match event {
            SynonymEvent::SynonymsSeeded { rules, .. }
            | SynonymEvent::SynonymsRolledBack { rules, .. } => self.versions.push(rules),
            SynonymEvent::SynonymDrafted { rule } => {
                self.drafts.insert(rule.id.clone(), Draft::Rule(rule));
            }
            SynonymEvent::SynonymRemovalDrafted { rule_id } => {
                self.drafts.insert(rule_id, Draft::Removal);
            }
            SynonymEvent::SynonymDraftDiscarded { rule_id } => {
                self.drafts.remove(&rule_id);
            }
            SynonymEvent::SynonymPublished { rule_id, rule, .. } => {
                let rules = self.with(&rule_id, rule.as_ref());
                self.versions.push(rules);
                self.drafts.remove(&rule_id);
            }
        }
    }
}

/// The rules of the starter list (`words => replacement` a line, '#' comments), ids `s1`, `s2`,
/// … in order.
pub fn starter_rules(text: &str) -> Vec<SynonymRule> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter_map(|l| l.split_once("=>"))
        .enumerate()
        .map(|(i, (words, replacement))| SynonymRule {
            id: format!("s{}", i + 1),
            words: normalize(words),
            replacement: normalize(replacement),
            starts_at: None,
            ends_at: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cqrs_es::test::TestFramework;

    fn rule(id: &str, words: &str, replacement: &str) -> SynonymRule {
        SynonymRule {
            id: id.into(),
            words: words.into(),
            replacement: replacement.into(),
            starts_at: None,
            ends_at: None,
        }
    }

    fn seeded() -> SynonymEvent {
        SynonymEvent::SynonymsSeeded {
            version: 1,
            rules: vec![rule("s1", "tyre", "tire"), rule("s2", "lp", "propane")],
        }
    }

    #[test]
    fn the_starter_list_is_version_one_once() {
        let rules = starter_rules("# comment\nTyre  => Tire\n\nlp => propane # gas\nnot a rule\n");
        assert_eq!(
            rules,
            vec![rule("s1", "tyre", "tire"), rule("s2", "lp", "propane")]
        );
        TestFramework::<SynonymSet>::with(())
            .given_no_previous_events()
            .when(SynonymCommand::Seed {
                rules: rules.clone(),
            })
            .then_expect_events(vec![seeded()]);
        TestFramework::<SynonymSet>::with(())
            .given(vec![seeded()])
            .when(SynonymCommand::Seed { rules })
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_draft_changes_nothing_published_until_that_rule_is_published() {
        let drafted = SynonymEvent::SynonymDrafted {
            rule: rule("r9", "dog chow", "dog food"),
        };
        TestFramework::<SynonymSet>::with(())
            .given(vec![seeded()])
            .when(SynonymCommand::DraftRule {
                rule: rule("r9", "  Dog   CHOW ", "dog food"),
                new: true,
            })
            .then_expect_events(vec![drafted.clone()]);
        let other = SynonymEvent::SynonymRemovalDrafted {
            rule_id: "s2".into(),
        };
        TestFramework::<SynonymSet>::with(())
            .given(vec![seeded(), drafted.clone(), other.clone()])
            .when(SynonymCommand::Publish {
                rule_id: "r9".into(),
            })
            .then_expect_events(vec![SynonymEvent::SynonymPublished {
                version: 2,
                rule_id: "r9".into(),
                rule: Some(rule("r9", "dog chow", "dog food")),
            }]);
        let mut set = SynonymSet::default();
        for e in [
            seeded(),
            drafted,
            other,
            SynonymEvent::SynonymPublished {
                version: 2,
                rule_id: "r9".into(),
                rule: Some(rule("r9", "dog chow", "dog food")),
            },
        ] {
            set.apply(e);
        }
        assert_eq!(set.version(), 2);
        assert_eq!(
            set.published().len(),
            3,
            "the removal of s2 is still a draft"
        );
        assert_eq!(
            set.drafts.keys().collect::<Vec<_>>(),
            ["s2"],
            "the other draft waits"
        );
    }

    #[test]
    fn a_rule_is_checked_for_its_words_schedule_and_duplicates() {
        let t0 = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let cases = [
            (rule("n", " ", "x"), SynonymError::Empty),
            (rule("n", "tire", "tire"), SynonymError::Same),
            (rule("n", "Tyre", "wheel"), SynonymError::Duplicate),
            (rule("n", &"a ".repeat(9), "x"), SynonymError::TooLong),
            (rule("n", &"a".repeat(101), "x"), SynonymError::TooLong),
            (
                SynonymRule {
                    starts_at: Some(t0),
                    ends_at: Some(t0),
                    ..rule("n", "hat", "cap")
                },
                SynonymError::BadSchedule,
            ),
        ];
        for (bad, error) in cases {
            TestFramework::<SynonymSet>::with(())
                .given(vec![seeded()])
                .when(SynonymCommand::DraftRule {
                    rule: bad,
                    new: true,
                })
                .then_expect_error(error);
        }
        TestFramework::<SynonymSet>::with(())
            .given(vec![seeded()])
            .when(SynonymCommand::DraftRule {
                rule: rule("nope", "hat", "cap"),
                new: false,
            })
            .then_expect_error(SynonymError::UnknownRule);
        TestFramework::<SynonymSet>::with(())
            .given(vec![seeded()])
            .when(SynonymCommand::Publish {
                rule_id: "s1".into(),
            })
            .then_expect_error(SynonymError::NoDraft);
        let scheduled = SynonymRule {
            starts_at: Some(t0),
            ends_at: Some(t0 + chrono::Duration::days(7)),
            ..rule("s1", "tyre", "tire")
        };
        assert!(!scheduled.live_at(t0 - chrono::Duration::seconds(1)));
        assert!(scheduled.live_at(t0));
        assert!(!scheduled.live_at(t0 + chrono::Duration::days(7)));
    }

    #[test]
    fn a_rollback_publishes_an_earlier_version_again() {
        let history = vec![
            seeded(),
            SynonymEvent::SynonymRemovalDrafted {
                rule_id: "s1".into(),
            },
            SynonymEvent::SynonymPublished {
                version: 2,
                rule_id: "s1".into(),
                rule: None,
            },
        ];
        TestFramework::<SynonymSet>::with(())
            .given(history.clone())
            .when(SynonymCommand::RollBack { to_version: 1 })
            .then_expect_events(vec![SynonymEvent::SynonymsRolledBack {
                version: 3,
                to_version: 1,
                rules: vec![rule("s1", "tyre", "tire"), rule("s2", "lp", "propane")],
            }]);
        for (to_version, error) in [
            (2, SynonymError::SameVersion),
            (3, SynonymError::UnknownVersion),
            (0, SynonymError::UnknownVersion),
        ] {
            TestFramework::<SynonymSet>::with(())
                .given(history.clone())
                .when(SynonymCommand::RollBack { to_version })
                .then_expect_error(error);
        }
    }
}
