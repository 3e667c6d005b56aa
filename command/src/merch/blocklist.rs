//! What a merchandiser keeps off the popular lists every shopper is shown: one blocklist of
//! search terms (`searches`: the empty search box's popular searches) and one of products
//! (`products`: the home page's popular products, 'Popular in Department' and the ranking's
//! popularity). Terms are kept as counted (trimmed, lower case, spaces collapsed), so a block
//! holds however a shopper typed it.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// The blocklist of search terms.
pub const SEARCHES: &str = "searches";
/// The blocklist of products (product numbers).
pub const PRODUCTS: &str = "products";
/// Entries one list holds at most.
pub const MAX_BLOCKED: usize = 5000;
/// The longest entry (a counted keyword is at most 100 characters).
pub const MAX_VALUE_CHARS: usize = 100;

#[derive(Debug, Clone, PartialEq)]
pub enum BlocklistCommand {
    Block { value: String },
    Unblock { value: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum BlocklistEvent {
    Blocked { value: String },
    Unblocked { value: String },
}

impl DomainEvent for BlocklistEvent {
    fn event_type(&self) -> String {
        match self {
            BlocklistEvent::Blocked { .. } => "Blocked",
            BlocklistEvent::Unblocked { .. } => "Unblocked",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlocklistError {
    #[error("Please give a search term or a product number.")]
    Empty,
    #[error("A blocked term is at most {MAX_VALUE_CHARS} characters.")]
    TooLong,
    #[error("At most {MAX_BLOCKED} entries can be blocked here.")]
    TooMany,
    #[error("That is not blocked.")]
    NotBlocked,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct PopularBlocklist {
    pub blocked: std::collections::BTreeSet<String>,
}

/// An entry as the lists hold it: a term as counted (kernel::query_id::normalize_keyword), a
/// product number trimmed.
pub fn entry(list: &str, value: &str) -> String {
    if list == SEARCHES {
        kernel::query_id::normalize_keyword(value)
    } else {
        value.trim().to_string()
    }
}

impl Aggregate for PopularBlocklist {
    const TYPE: &'static str = "PopularBlocklist";
    type Command = BlocklistCommand;
    type Event = BlocklistEvent;
    type Error = BlocklistError;
    type Services = ();

    async fn handle(
        &mut self,
        command: BlocklistCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), BlocklistError> {
        match command {
            BlocklistCommand::Block { value } => {
                if value.is_empty() {
                    return Err(BlocklistError::Empty);
                }
                if value.chars().count() > MAX_VALUE_CHARS || value.chars().any(char::is_control) {
                    return Err(BlocklistError::TooLong);
                }
                if self.blocked.contains(&value) {
                    return Ok(());
                }
                if self.blocked.len() >= MAX_BLOCKED {
                    return Err(BlocklistError::TooMany);
                }
                sink.write(BlocklistEvent::Blocked { value }, self).await;
            }
            BlocklistCommand::Unblock { value } => {
                if !self.blocked.contains(&value) {
                    return Err(BlocklistError::NotBlocked);
                }
                sink.write(BlocklistEvent::Unblocked { value }, self).await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: BlocklistEvent) {
        match event {
            BlocklistEvent::Blocked { value } => {
                self.blocked.insert(value);
            }
            BlocklistEvent::Unblocked { value } => {
                self.blocked.remove(&value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn blocked(v: &str) -> BlocklistEvent {
        BlocklistEvent::Blocked { value: v.into() }
    }

    #[test]
    fn blocking_adds_once_and_unblocking_removes() {
        TestFramework::<PopularBlocklist>::with(())
            .given_no_previous_events()
            .when(BlocklistCommand::Block {
                value: "free gift card".into(),
            })
            .then_expect_events(vec![blocked("free gift card")]);
        TestFramework::<PopularBlocklist>::with(())
            .given(vec![blocked("free gift card")])
            .when(BlocklistCommand::Block {
                value: "free gift card".into(),
            })
            .then_expect_events(vec![]);
        TestFramework::<PopularBlocklist>::with(())
            .given(vec![blocked("free gift card")])
            .when(BlocklistCommand::Unblock {
                value: "free gift card".into(),
            })
            .then_expect_events(vec![BlocklistEvent::Unblocked {
                value: "free gift card".into(),
            }]);
    }

    #[test]
    fn nothing_empty_long_or_absent() {
        TestFramework::<PopularBlocklist>::with(())
            .given_no_previous_events()
            .when(BlocklistCommand::Block { value: "".into() })
            .then_expect_error(BlocklistError::Empty);
        TestFramework::<PopularBlocklist>::with(())
            .given_no_previous_events()
            .when(BlocklistCommand::Block {
                value: "x".repeat(101),
            })
            .then_expect_error(BlocklistError::TooLong);
        TestFramework::<PopularBlocklist>::with(())
            .given_no_previous_events()
            .when(BlocklistCommand::Unblock {
                value: "rope".into(),
            })
            .then_expect_error(BlocklistError::NotBlocked);
    }

    #[test]
    fn terms_are_kept_as_counted() {
        assert_eq!(entry(SEARCHES, "  Free  GIFT card "), "free gift card");
        assert_eq!(entry(PRODUCTS, " 800001 "), "800001");
    }
}
