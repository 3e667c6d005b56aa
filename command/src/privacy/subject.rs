//! The data subject (a person known by a pseudonymous id): the record that they were forgotten.
//! Consumers of the event topic purge their copies of the subject's data on `SubjectForgotten`.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq)]
pub enum SubjectCommand {
    /// Erase the subject. `holds_data`: whether anything of them was found since they were last
    /// forgotten (a key, a read-model row); forgetting twice with nothing new records nothing.
    Forget { reason: String, holds_data: bool },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SubjectEvent {
    /// The subject's data key was destroyed and their read-model rows removed. Carries no
    /// personal data: the aggregate id is the pseudonymous subject id.
    SubjectForgotten { reason: String },
}

impl DomainEvent for SubjectEvent {
    fn event_type(&self) -> String {
        "SubjectForgotten".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubjectError {}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subject {
    pub forgotten: bool,
}

impl Aggregate for Subject {
    const TYPE: &'static str = "Subject";
    type Command = SubjectCommand;
    type Event = SubjectEvent;
    type Error = SubjectError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let SubjectCommand::Forget { reason, holds_data } = command;
        if !self.forgotten || holds_data {
            sink.write(SubjectEvent::SubjectForgotten { reason }, self)
                .await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let SubjectEvent::SubjectForgotten { .. } = event;
        self.forgotten = true;
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn forget(holds_data: bool) -> SubjectCommand {
        SubjectCommand::Forget {
            reason: "request".into(),
            holds_data,
        }
    }

    #[test]
    fn forgetting_is_recorded() {
        TestFramework::<Subject>::with(())
            .given_no_previous_events()
            .when(forget(false))
            .then_expect_events(vec![SubjectEvent::SubjectForgotten {
                reason: "request".into(),
            }]);
    }

    #[test]
    fn forgetting_again_with_nothing_new_records_nothing() {
        TestFramework::<Subject>::with(())
            .given(vec![SubjectEvent::SubjectForgotten {
                reason: "request".into(),
            }])
            .when(forget(false))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_subject_who_came_back_can_be_forgotten_again() {
        TestFramework::<Subject>::with(())
            .given(vec![SubjectEvent::SubjectForgotten {
                reason: "request".into(),
            }])
            .when(forget(true))
            .then_expect_events(vec![SubjectEvent::SubjectForgotten {
                reason: "request".into(),
            }]);
    }
}
