//! The `Store` aggregate: one physical store, upserted from the import.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Store {
    pub data: Option<StoreData>,
}

impl Aggregate for Store {
    const TYPE: &'static str = "Store";
    type Command = StoreCommand;
    type Event = StoreEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let StoreCommand::Upsert(data) = command;
        validate::store(&data)?;
        if self
            .data
            .as_ref()
            .is_some_and(|s| s.store_num != data.store_num)
        {
            return Err(CatalogError::IdMismatch(data.store_num.to_string()));
        }
        if self.data.as_ref() != Some(&*data) {
            sink.write(StoreEvent::StoreUpserted(data), self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let StoreEvent::StoreUpserted(d) = event;
        self.data = Some(*d);
    }
}
