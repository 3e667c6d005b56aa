//! A visitor (visitor cookie) and the local store they chose.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq)]
pub enum VisitorCommand {
    /// The store must exist; the HTTP layer checks that before deciding.
    SelectStore { store_num: i32 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum VisitorEvent {
    LocalStoreSelected {
        #[serde(rename = "storeNum")]
        store_num: i32,
    },
}

impl DomainEvent for VisitorEvent {
    fn event_type(&self) -> String {
        "LocalStoreSelected".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VisitorError {
    #[error("That store does not exist.")]
    UnknownStore,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Visitor {
    pub store_num: Option<i32>,
}

impl Aggregate for Visitor {
    const TYPE: &'static str = "Visitor";
    type Command = VisitorCommand;
    type Event = VisitorEvent;
    type Error = VisitorError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let VisitorCommand::SelectStore { store_num } = command;
        if store_num <= 0 {
            return Err(VisitorError::UnknownStore);
        }
        if self.store_num != Some(store_num) {
            sink.write(VisitorEvent::LocalStoreSelected { store_num }, self)
                .await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let VisitorEvent::LocalStoreSelected { store_num } = event;
        self.store_num = Some(store_num);
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    #[test]
    fn choosing_a_store_records_it_once() {
        TestFramework::<Visitor>::with(())
            .given_no_previous_events()
            .when(VisitorCommand::SelectStore { store_num: 7 })
            .then_expect_events(vec![VisitorEvent::LocalStoreSelected { store_num: 7 }]);
        TestFramework::<Visitor>::with(())
            .given(vec![VisitorEvent::LocalStoreSelected { store_num: 7 }])
            .when(VisitorCommand::SelectStore { store_num: 7 })
            .then_expect_events(vec![]);
    }
}
