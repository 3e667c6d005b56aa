//! The TaxExemption aggregate (one per customer): a customer applies for a sales-tax exemption
//! (a farm, a reseller, a nonprofit, a government agency) with the certificate's state, name and
//! number; an associate approves or rejects it. An approved customer's orders taxed in the
//! certificate's state carry no sales tax (`process::price`).
//!
//! The name and the number are personal data: they travel sealed under the customer's email
//! subject, so erasing the customer erases them.

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::privacy::Sealed;

/// What the exemption is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ExemptionKind {
    /// A farm or ranch buying for agricultural production.
    Farm,
    /// A business buying to resell.
    Resale,
    /// A nonprofit organisation.
    Nonprofit,
    /// A government agency.
    Government,
}

/// Where an application stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ExemptionStatus {
    /// Never applied.
    #[default]
    None,
    Pending,
    Approved,
    Rejected,
}

impl ExemptionStatus {
    pub fn name(self) -> &'static str {
        match self {
            ExemptionStatus::None => "None",
            ExemptionStatus::Pending => "Pending",
            ExemptionStatus::Approved => "Approved",
            ExemptionStatus::Rejected => "Rejected",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExemptionCommand {
    Apply {
        kind: ExemptionKind,
        /// The two-letter state of the certificate.
        state: String,
        /// The customer's email subject (the sealed fields' subject).
        subject: String,
        business_name: Sealed,
        certificate_number: Sealed,
        at: DateTime<Utc>,
    },
    Approve {
        staff_id: String,
        at: DateTime<Utc>,
    },
    Reject {
        staff_id: String,
        /// Shown to the customer.
        reason: String,
        at: DateTime<Utc>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExemptionApplication {
    pub kind: ExemptionKind,
    pub state: String,
    pub subject: String,
    pub business_name: Sealed,
    pub certificate_number: Sealed,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ExemptionEvent {
    /// Applied (again, after a rejection, or corrected while pending).
    TaxExemptionApplied(ExemptionApplication),
    TaxExemptionApproved {
        #[serde(rename = "staffId")]
        staff_id: String,
        at: DateTime<Utc>,
    },
    TaxExemptionRejected {
        #[serde(rename = "staffId")]
        staff_id: String,
        reason: String,
        at: DateTime<Utc>,
    },
}

impl DomainEvent for ExemptionEvent {
    fn event_type(&self) -> String {
        match self {
            ExemptionEvent::TaxExemptionApplied(_) => "TaxExemptionApplied",
            ExemptionEvent::TaxExemptionApproved { .. } => "TaxExemptionApproved",
            ExemptionEvent::TaxExemptionRejected { .. } => "TaxExemptionRejected",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExemptionError {
    #[error("Your tax exemption is already approved.")]
    AlreadyApproved,
    #[error("This application is not awaiting a decision.")]
    NotPending,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaxExemption {
    pub status: ExemptionStatus,
    pub state: Option<String>,
}

impl Aggregate for TaxExemption {
    const TYPE: &'static str = "TaxExemption";
    type Command = ExemptionCommand;
    type Event = ExemptionEvent;
    type Error = ExemptionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let event = match command {
            ExemptionCommand::Apply {
                kind,
                state,
                subject,
                business_name,
                certificate_number,
                at,
            } => {
                if self.status == ExemptionStatus::Approved {
                    return Err(ExemptionError::AlreadyApproved);
                }
                ExemptionEvent::TaxExemptionApplied(ExemptionApplication {
                    kind,
                    state,
                    subject,
                    business_name,
                    certificate_number,
                    at,
                })
            }
            ExemptionCommand::Approve { staff_id, at } => {
                if self.status != ExemptionStatus::Pending {
                    return Err(ExemptionError::NotPending);
                }
                ExemptionEvent::TaxExemptionApproved { staff_id, at }
            }
            ExemptionCommand::Reject {
                staff_id,
                reason,
                at,
            } => {
                if self.status != ExemptionStatus::Pending {
                    return Err(ExemptionError::NotPending);
                }
                ExemptionEvent::TaxExemptionRejected {
                    staff_id,
                    reason,
                    at,
                }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            ExemptionEvent::TaxExemptionApplied(a) => {
                self.status = ExemptionStatus::Pending;
                self.state = Some(a.state);
            }
            ExemptionEvent::TaxExemptionApproved { .. } => {
                self.status = ExemptionStatus::Approved;
            }
            ExemptionEvent::TaxExemptionRejected { .. } => {
                self.status = ExemptionStatus::Rejected;
            }
        }
    }
}

/// The states a certificate may be issued in (the fifty and DC).
pub const US_STATES: [&str; 51] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
    "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
    "WV", "WI", "WY",
];

pub const KIND_MESSAGE: &str = "Please choose an exemption type.";
pub const STATE_MESSAGE: &str = "Please choose a state.";
pub const NAME_MESSAGE: &str = "Please enter the name on the certificate.";
pub const NUMBER_MESSAGE: &str = "Please enter a valid certificate number.";
pub const REASON_MESSAGE: &str = "Please give a reason of 1 to 200 characters.";

/// A field the application refuses, with its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: &'static str,
}

/// An application's fields, checked: the state upper-cased, the name and number trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedApplication {
    pub kind: ExemptionKind,
    pub state: String,
    pub business_name: String,
    pub certificate_number: String,
}

/// Checks an application's fields in the form's order (kind, state, name, number).
pub fn check_application(
    kind: Option<ExemptionKind>,
    state: &str,
    business_name: &str,
    certificate_number: &str,
) -> Result<CheckedApplication, FieldError> {
    let refuse = |field, message| Err(FieldError { field, message });
    let Some(kind) = kind else {
        return refuse("kind", KIND_MESSAGE);
    };
    let state = state.trim().to_ascii_uppercase();
    if !US_STATES.contains(&state.as_str()) {
        return refuse("state", STATE_MESSAGE);
    }
    let name = business_name.trim();
    if name.is_empty() || name.chars().count() > 100 || name.chars().any(char::is_control) {
        return refuse("businessName", NAME_MESSAGE);
    }
    let number = certificate_number.trim();
    let len = number.chars().count();
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == ' ';
    if !(4..=30).contains(&len)
        || !number.chars().all(allowed)
        || !number.chars().any(|c| c.is_ascii_alphanumeric())
    {
        return refuse("certificateNumber", NUMBER_MESSAGE);
    }
    Ok(CheckedApplication {
        kind,
        state,
        business_name: name.to_string(),
        certificate_number: number.to_string(),
    })
}

/// The last four letters or digits of a certificate number (what the customer's page shows).
pub fn last4(number: &str) -> String {
    let kept: Vec<char> = number.chars().filter(char::is_ascii_alphanumeric).collect();
    kept[kept.len().saturating_sub(4)..].iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use cqrs_es::test::TestFramework;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 28, 10, minute, 0).unwrap()
    }

    fn sealed(text: &str) -> Sealed {
        Sealed {
            subject: "em_1".into(),
            key: "k1".into(),
            sealed: format!("sealed:{text}"),
        }
    }

    fn application(state: &str) -> ExemptionApplication {
        ExemptionApplication {
            kind: ExemptionKind::Farm,
            state: state.into(),
            subject: "em_1".into(),
            business_name: sealed("Lee Farms"),
            certificate_number: sealed("S-1234-5678"),
            at: at(0),
        }
    }

    fn apply(state: &str) -> ExemptionCommand {
        let a = application(state);
        ExemptionCommand::Apply {
            kind: a.kind,
            state: a.state,
            subject: a.subject,
            business_name: a.business_name,
            certificate_number: a.certificate_number,
            at: a.at,
        }
    }

    fn approved() -> ExemptionEvent {
        ExemptionEvent::TaxExemptionApproved {
            staff_id: "amy".into(),
            at: at(5),
        }
    }

    fn rejected() -> ExemptionEvent {
        ExemptionEvent::TaxExemptionRejected {
            staff_id: "amy".into(),
            reason: "The certificate has expired.".into(),
            at: at(5),
        }
    }

    type Test = TestFramework<TaxExemption>;

    #[test]
    fn a_customer_applies_and_waits_for_a_decision() {
        Test::with(())
            .given_no_previous_events()
            .when(apply("WI"))
            .then_expect_events(vec![ExemptionEvent::TaxExemptionApplied(application("WI"))]);
    }

    #[test]
    fn a_pending_application_is_approved_or_rejected_with_the_staff_id() {
        let given = vec![ExemptionEvent::TaxExemptionApplied(application("WI"))];
        Test::with(())
            .given(given.clone())
            .when(ExemptionCommand::Approve {
                staff_id: "amy".into(),
                at: at(5),
            })
            .then_expect_events(vec![approved()]);
        Test::with(())
            .given(given)
            .when(ExemptionCommand::Reject {
                staff_id: "amy".into(),
                reason: "The certificate has expired.".into(),
                at: at(5),
            })
            .then_expect_events(vec![rejected()]);
    }

    #[test]
    fn only_a_pending_application_is_decided() {
        Test::with(())
            .given_no_previous_events()
            .when(ExemptionCommand::Approve {
                staff_id: "amy".into(),
                at: at(5),
            })
            .then_expect_error(ExemptionError::NotPending);
        Test::with(())
            .given(vec![
                ExemptionEvent::TaxExemptionApplied(application("WI")),
                rejected(),
            ])
            .when(ExemptionCommand::Approve {
                staff_id: "amy".into(),
                at: at(6),
            })
            .then_expect_error(ExemptionError::NotPending);
    }

    #[test]
    fn a_rejected_customer_applies_again_and_an_approved_one_cannot() {
        Test::with(())
            .given(vec![
                ExemptionEvent::TaxExemptionApplied(application("WI")),
                rejected(),
            ])
            .when(apply("MN"))
            .then_expect_events(vec![ExemptionEvent::TaxExemptionApplied(application("MN"))]);
        Test::with(())
            .given(vec![
                ExemptionEvent::TaxExemptionApplied(application("WI")),
                approved(),
            ])
            .when(apply("MN"))
            .then_expect_error(ExemptionError::AlreadyApproved);
    }

    #[test]
    fn the_form_is_checked_field_by_field_in_its_order() {
        let farm = Some(ExemptionKind::Farm);
        let field = |r: Result<CheckedApplication, FieldError>| r.unwrap_err().field;
        assert_eq!(field(check_application(None, "WI", "Lee", "1234")), "kind");
        assert_eq!(field(check_application(farm, "ZZ", "Lee", "1234")), "state");
        assert_eq!(field(check_application(farm, "", "Lee", "1234")), "state");
        assert_eq!(
            field(check_application(farm, "wi", " ", "1234")),
            "businessName"
        );
        let long = "x".repeat(101);
        assert_eq!(
            field(check_application(farm, "wi", &long, "1234")),
            "businessName"
        );
        for bad in ["123", "----", "12<34", &"1".repeat(31)] {
            let e = check_application(farm, "wi", "Lee Farms", bad).unwrap_err();
            assert_eq!(e.field, "certificateNumber", "{bad}");
            assert_eq!(e.message, NUMBER_MESSAGE);
        }
        let ok = check_application(farm, " wi ", " Lee Farms ", " ES-1234 5678 ").unwrap();
        assert_eq!(ok.state, "WI");
        assert_eq!(ok.business_name, "Lee Farms");
        assert_eq!(ok.certificate_number, "ES-1234 5678");
        assert_eq!(last4(&ok.certificate_number), "5678");
        assert_eq!(last4("AB-1"), "AB1");
    }
}
