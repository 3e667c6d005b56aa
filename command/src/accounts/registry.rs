//! A gift registry (a wedding, baby, birthday or holiday list), one aggregate per registry id
//! (`gr_` and 32 hex digits, server-made). It belongs to the customer who made it; its name is
//! personal (names of a couple, a baby) and travels sealed under the owner's email subject, so
//! erasing the owner leaves nothing readable. Items are products by Blain number with the
//! quantity wanted. Sharing makes it visible to anyone holding its signed link
//! (`routes::accounts::registries`); deleting it ends it.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::privacy::vault::SealerRef;
use crate::privacy::Sealed;

/// The longest registry name kept (characters).
pub const MAX_REGISTRY_NAME_CHARS: usize = 100;
/// Items one registry holds at most.
pub const MAX_REGISTRY_ITEMS: usize = 200;
/// The most of one item a registry asks for.
pub const MAX_REGISTRY_QUANTITY: u32 = 99;
/// How far ahead the event may be (two years).
pub const MAX_EVENT_DAYS_AHEAD: i64 = 731;
/// Registries one customer keeps at most.
pub const MAX_REGISTRIES_PER_CUSTOMER: i64 = 20;

pub const NAME_REQUIRED: &str = "Please enter a name for your registry.";
pub const NAME_TOO_LONG: &str = "Must be 100 characters or less.";
pub const DATE_OUT_OF_RANGE: &str = "Please choose an event date from today to two years ahead.";
pub const QUANTITY_OUT_OF_RANGE: &str = "Please enter a quantity from 1 to 99.";
pub const TOO_MANY_ITEMS: &str = "This registry is full (200 items).";

/// What a shared link signs (`Keyring::signed`): the registry id.
pub const SHARE_PURPOSE: &str = "registry-share";
/// The public page of a shared registry.
pub const SHARED_PAGE: &str = "/gift-registry/view/";

/// The path of a registry's shared page: its id signed with the store's cookie keys, so a link
/// is good only for the registry the store made it for (and stops working when the keys it was
/// signed with are retired).
pub fn share_url(keyring: &kernel::secrets::Keyring, registry_id: &str) -> String {
    let key = keyring.signed(SHARE_PURPOSE, registry_id);
    format!("{SHARED_PAGE}?key={key}")
}

/// The registry id a shared link's key names, when the store signed it.
pub fn shared_registry<'a>(keyring: &kernel::secrets::Keyring, key: &'a str) -> Option<&'a str> {
    keyring.opened(SHARE_PURPOSE, key)
}

/// A new registry id: `gr_` and 32 hex digits.
pub fn new_registry_id() -> String {
    format!("gr_{}", kernel::identity::new_id())
}

/// What the registry is for (its `eventType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Occasion {
    Wedding,
    Baby,
    Birthday,
    Holiday,
    Other,
}

impl Occasion {
    pub fn name(self) -> &'static str {
        match self {
            Occasion::Wedding => "Wedding",
            Occasion::Baby => "Baby",
            Occasion::Birthday => "Birthday",
            Occasion::Holiday => "Holiday",
            Occasion::Other => "Other",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegistryCommand {
    Create {
        /// The customer who makes it (server-known, from the session).
        owner: String,
        /// The owner's email subject: the sealing subject of the name.
        subject: String,
        name: String,
        event_type: Occasion,
        event_date: NaiveDate,
        /// The day it is made (the store's clock), for the date's range.
        today: NaiveDate,
    },
    /// The quantity of `blain_number` wanted (added when new).
    SetItem {
        owner: String,
        blain_number: String,
        quantity: u32,
    },
    RemoveItem {
        owner: String,
        blain_number: String,
    },
    Share {
        owner: String,
    },
    Delete {
        owner: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum RegistryEvent {
    /// Made by `owner`; the name sealed under `subject`.
    RegistryCreated {
        owner: String,
        subject: String,
        name: Sealed,
        event_type: Occasion,
        event_date: NaiveDate,
    },
    RegistryItemSet {
        blain_number: String,
        quantity: u32,
    },
    RegistryItemRemoved {
        blain_number: String,
    },
    /// Visible through its signed link from now on.
    RegistryShared {},
    RegistryDeleted {},
}

impl DomainEvent for RegistryEvent {
    fn event_type(&self) -> String {
        match self {
            RegistryEvent::RegistryCreated { .. } => "RegistryCreated",
            RegistryEvent::RegistryItemSet { .. } => "RegistryItemSet",
            RegistryEvent::RegistryItemRemoved { .. } => "RegistryItemRemoved",
            RegistryEvent::RegistryShared {} => "RegistryShared",
            RegistryEvent::RegistryDeleted {} => "RegistryDeleted",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    #[error("this registry exists already")]
    AlreadyExists,
    /// Never made, deleted, or another customer's: the same answer for each.
    #[error("no such registry")]
    NotFound,
    /// A field that did not pass, in the words to show.
    #[error("{0}")]
    Invalid(&'static str),
    #[error("the name could not be sealed: {0}")]
    Unavailable(String),
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Registry {
    pub owner: Option<String>,
    pub items: BTreeMap<String, u32>,
    pub shared: bool,
    pub deleted: bool,
}

impl Registry {
    /// The registry, when `owner` may change it.
    fn owned_by(&self, owner: &str) -> Result<(), RegistryError> {
        match &self.owner {
            Some(o) if o == owner && !self.deleted => Ok(()),
            _ => Err(RegistryError::NotFound),
        }
    }
}

/// The name as kept: trimmed, 1 to [`MAX_REGISTRY_NAME_CHARS`] characters.
pub fn registry_name(name: &str) -> Result<String, RegistryError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RegistryError::Invalid(NAME_REQUIRED));
    }
    if name.chars().count() > MAX_REGISTRY_NAME_CHARS {
        return Err(RegistryError::Invalid(NAME_TOO_LONG));
    }
    Ok(name.to_string())
}

impl Aggregate for Registry {
    const TYPE: &'static str = "Registry";
    type Command = RegistryCommand;
    type Event = RegistryEvent;
    type Error = RegistryError;
    type Services = SealerRef;

    async fn handle(
        &mut self,
        command: Self::Command,
        sealer: &SealerRef,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            RegistryCommand::Create {
                owner,
                subject,
                name,
                event_type,
                event_date,
                today,
            } => {
                if self.owner.is_some() {
                    return Err(RegistryError::AlreadyExists);
                }
                let name = registry_name(&name)?;
                let ahead = (event_date - today).num_days();
                if !(0..=MAX_EVENT_DAYS_AHEAD).contains(&ahead) {
                    return Err(RegistryError::Invalid(DATE_OUT_OF_RANGE));
                }
                let name = sealer
                    .seal(&subject, &name)
                    .await
                    .map_err(|e| RegistryError::Unavailable(e.to_string()))?;
                let created = RegistryEvent::RegistryCreated {
                    owner,
                    subject,
                    name,
                    event_type,
                    event_date,
                };
                sink.write(created, self).await;
            }
            RegistryCommand::SetItem {
                owner,
                blain_number,
                quantity,
            } => {
                self.owned_by(&owner)?;
                if !(1..=MAX_REGISTRY_QUANTITY).contains(&quantity) {
                    return Err(RegistryError::Invalid(QUANTITY_OUT_OF_RANGE));
                }
                if self.items.get(&blain_number) == Some(&quantity) {
                    return Ok(());
                }
                if !self.items.contains_key(&blain_number) && self.items.len() >= MAX_REGISTRY_ITEMS
                {
                    return Err(RegistryError::Invalid(TOO_MANY_ITEMS));
                }
                let set = RegistryEvent::RegistryItemSet {
                    blain_number,
                    quantity,
                };
                sink.write(set, self).await;
            }
            RegistryCommand::RemoveItem {
                owner,
                blain_number,
            } => {
                self.owned_by(&owner)?;
                if self.items.contains_key(&blain_number) {
                    let removed = RegistryEvent::RegistryItemRemoved { blain_number };
                    sink.write(removed, self).await;
                }
            }
            RegistryCommand::Share { owner } => {
                self.owned_by(&owner)?;
                if !self.shared {
                    sink.write(RegistryEvent::RegistryShared {}, self).await;
                }
            }
            RegistryCommand::Delete { owner } => {
                self.owned_by(&owner)?;
                sink.write(RegistryEvent::RegistryDeleted {}, self).await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            RegistryEvent::RegistryCreated { owner, .. } => self.owner = Some(owner),
            RegistryEvent::RegistryItemSet {
                blain_number,
                quantity,
            } => {
                self.items.insert(blain_number, quantity);
            }
            RegistryEvent::RegistryItemRemoved { blain_number } => {
                self.items.remove(&blain_number);
            }
            RegistryEvent::RegistryShared {} => self.shared = true,
            RegistryEvent::RegistryDeleted {} => {
                self.deleted = true;
                self.items.clear();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::privacy::vault::Sealer;
    use cqrs_es::test::TestFramework;
    use std::sync::Arc;

    struct Plain;

    #[async_trait::async_trait]
    impl Sealer for Plain {
        async fn seal(
            &self,
            subject: &str,
            plain: &str,
        ) -> Result<Sealed, crate::privacy::PrivacyError> {
            Ok(sealed(subject, plain))
        }
    }

    fn sealed(subject: &str, plain: &str) -> Sealed {
        Sealed {
            subject: subject.into(),
            key: "test".into(),
            sealed: format!("sealed:{plain}"),
        }
    }

    fn framework() -> TestFramework<Registry> {
        TestFramework::<Registry>::with(Arc::new(Plain) as SealerRef)
    }

    fn day(d: &str) -> NaiveDate {
        d.parse().unwrap()
    }

    fn created() -> RegistryEvent {
        RegistryEvent::RegistryCreated {
            owner: "cu_1".into(),
            subject: "em_1".into(),
            name: sealed("em_1", "Jane & John"),
            event_type: Occasion::Wedding,
            event_date: day("2027-06-01"),
        }
    }

    fn create(name: &str, date: &str) -> RegistryCommand {
        RegistryCommand::Create {
            owner: "cu_1".into(),
            subject: "em_1".into(),
            name: name.into(),
            event_type: Occasion::Wedding,
            event_date: day(date),
            today: day("2026-11-28"),
        }
    }

    #[test]
    fn a_registry_is_made_with_its_name_sealed() {
        framework()
            .given_no_previous_events()
            .when(create("  Jane & John ", "2027-06-01"))
            .then_expect_events(vec![created()]);
    }

    #[test]
    fn a_name_and_a_date_out_of_range_are_refused_in_the_forms_words() {
        framework()
            .given_no_previous_events()
            .when(create(" ", "2027-06-01"))
            .then_expect_error(RegistryError::Invalid(NAME_REQUIRED));
        framework()
            .given_no_previous_events()
            .when(create(&"x".repeat(101), "2027-06-01"))
            .then_expect_error(RegistryError::Invalid(NAME_TOO_LONG));
        framework()
            .given_no_previous_events()
            .when(create("Ours", "2026-11-27"))
            .then_expect_error(RegistryError::Invalid(DATE_OUT_OF_RANGE));
        framework()
            .given_no_previous_events()
            .when(create("Ours", "2028-12-01"))
            .then_expect_error(RegistryError::Invalid(DATE_OUT_OF_RANGE));
    }

    #[test]
    fn items_are_set_and_removed_by_their_owner_only() {
        framework()
            .given(vec![created()])
            .when(RegistryCommand::SetItem {
                owner: "cu_1".into(),
                blain_number: "100".into(),
                quantity: 2,
            })
            .then_expect_events(vec![RegistryEvent::RegistryItemSet {
                blain_number: "100".into(),
                quantity: 2,
            }]);
        framework()
            .given(vec![created()])
            .when(RegistryCommand::SetItem {
                owner: "cu_2".into(),
                blain_number: "100".into(),
                quantity: 2,
            })
            .then_expect_error(RegistryError::NotFound);
        framework()
            .given(vec![created()])
            .when(RegistryCommand::SetItem {
                owner: "cu_1".into(),
                blain_number: "100".into(),
                quantity: 100,
            })
            .then_expect_error(RegistryError::Invalid(QUANTITY_OUT_OF_RANGE));
        let set = RegistryEvent::RegistryItemSet {
            blain_number: "100".into(),
            quantity: 2,
        };
        framework()
            .given(vec![created(), set.clone()])
            .when(RegistryCommand::RemoveItem {
                owner: "cu_1".into(),
                blain_number: "100".into(),
            })
            .then_expect_events(vec![RegistryEvent::RegistryItemRemoved {
                blain_number: "100".into(),
            }]);
        // The same quantity again, or removing what is not there, records nothing.
        framework()
            .given(vec![created(), set])
            .when(RegistryCommand::SetItem {
                owner: "cu_1".into(),
                blain_number: "100".into(),
                quantity: 2,
            })
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_deleted_registry_is_gone_for_its_owner_too() {
        framework()
            .given(vec![created()])
            .when(RegistryCommand::Delete {
                owner: "cu_1".into(),
            })
            .then_expect_events(vec![RegistryEvent::RegistryDeleted {}]);
        framework()
            .given(vec![created(), RegistryEvent::RegistryDeleted {}])
            .when(RegistryCommand::Share {
                owner: "cu_1".into(),
            })
            .then_expect_error(RegistryError::NotFound);
    }

    #[test]
    fn sharing_twice_records_it_once() {
        framework()
            .given(vec![created(), RegistryEvent::RegistryShared {}])
            .when(RegistryCommand::Share {
                owner: "cu_1".into(),
            })
            .then_expect_events(vec![]);
    }
}
