//! The `SiteMessage` aggregate: a site-wide message, published or withdrawn.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteMessage {
    pub data: Option<SiteMessageData>,
}

impl Aggregate for SiteMessage {
    const TYPE: &'static str = "SiteMessage";
    type Command = SiteMessageCommand;
    type Event = SiteMessageEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SiteMessageCommand::Publish(data) => {
                validate::site_message(&data)?;
                if self.data.as_ref() != Some(&data) {
                    sink.write(SiteMessageEvent::SiteMessagePublished(data), self)
                        .await;
                }
            }
            SiteMessageCommand::Withdraw => {
                let id = self
                    .data
                    .as_ref()
                    .ok_or(CatalogError::NotFound("site message"))?
                    .id
                    .clone();
                sink.write(SiteMessageEvent::SiteMessageWithdrawn { id }, self)
                    .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SiteMessageEvent::SiteMessagePublished(d) => self.data = Some(d),
            SiteMessageEvent::SiteMessageWithdrawn { .. } => self.data = None,
        }
    }
}
