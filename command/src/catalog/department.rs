//! The `Department` aggregate: one node of the department tree, upserted or removed.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Department {
    pub data: Option<DepartmentData>,
}

impl Aggregate for Department {
    const TYPE: &'static str = "Department";
    type Command = DepartmentCommand;
    type Event = DepartmentEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            DepartmentCommand::Upsert(data) => {
                validate::department(&data)?;
                if self.data.as_ref().is_some_and(|d| d.id != data.id) {
                    return Err(CatalogError::IdMismatch(data.id.to_string()));
                }
                if self.data.as_ref() != Some(&data) {
                    sink.write(DepartmentEvent::DepartmentUpserted(data), self)
                        .await;
                }
            }
            DepartmentCommand::Remove => {
                let id = self
                    .data
                    .as_ref()
                    .ok_or(CatalogError::NotFound("department"))?
                    .id;
                sink.write(DepartmentEvent::DepartmentRemoved { id }, self)
                    .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            DepartmentEvent::DepartmentUpserted(d) => self.data = Some(d),
            DepartmentEvent::DepartmentRemoved { .. } => self.data = None,
        }
    }
}
