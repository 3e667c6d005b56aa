//! A customer's account, one aggregate per customer id (server-made, never from the client).
//! Names, email, phone and the password's hash travel sealed under the data key of the email's
//! subject, so erasing the subject (`privacy forget`) leaves nothing readable; the phone's
//! keyed hash is the only index of the number.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::privacy::vault::SealerRef;
use crate::privacy::Sealed;

/// The longest first or last name kept.
pub const MAX_NAME_CHARS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoginMethod {
    Local,
    Google,
    Facebook,
    Apple,
    Passkey,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerCommand {
    Register {
        /// The subject of the email (`PrivacyKeys::subject_for_email`): the sealing subject.
        email_subject: String,
        /// Normalised (`kernel::values::Email`).
        email: String,
        first_name: String,
        last_name: String,
        /// Ten digits (`kernel::validation::normalize_phone`).
        phone: String,
        /// The phone's keyed hash (`PrivacyKeys::phone_key`).
        phone_key: String,
        /// The argon2id hash of the password (`accounts::password::hash`).
        password_hash: String,
    },
    /// A successful sign-in.
    RecordLogin {
        method: LoginMethod,
    },
    /// A wrong password for this account.
    RecordFailedLogin,
    ChangePassword {
        password_hash: String,
    },
}

// One registration per customer: its size costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum CustomerEvent {
    CustomerRegistered {
        email_subject: String,
        email: Sealed,
        first_name: Sealed,
        last_name: Sealed,
        phone: Sealed,
        phone_key: String,
        password: Sealed,
    },
    LoginSucceeded {
        method: LoginMethod,
    },
    LoginFailed {},
    PasswordChanged {
        password: Sealed,
    },
}

impl DomainEvent for CustomerEvent {
    fn event_type(&self) -> String {
        match self {
            CustomerEvent::CustomerRegistered { .. } => "CustomerRegistered",
            CustomerEvent::LoginSucceeded { .. } => "LoginSucceeded",
            CustomerEvent::LoginFailed {} => "LoginFailed",
            CustomerEvent::PasswordChanged { .. } => "PasswordChanged",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CustomerError {
    #[error("this customer is already registered")]
    AlreadyRegistered,
    #[error("no such customer")]
    NotRegistered,
    /// A field the forms check did not pass: the spec's words where it has them.
    #[error("{0}")]
    Invalid(&'static str),
    /// The key store could not seal the personal fields.
    #[error("personal data could not be sealed: {0}")]
    Unavailable(String),
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    /// The sealing subject, once registered.
    pub subject: Option<String>,
    /// Wrong passwords since the last successful sign-in.
    pub failed_logins: u32,
}

fn name(text: &str, missing: &'static str) -> Result<String, CustomerError> {
    let text = text.trim();
    if text.is_empty() {
        Err(CustomerError::Invalid(missing))
    } else {
        Ok(text.chars().take(MAX_NAME_CHARS).collect())
    }
}

impl Aggregate for Customer {
    const TYPE: &'static str = "Customer";
    type Command = CustomerCommand;
    type Event = CustomerEvent;
    type Error = CustomerError;
    type Services = SealerRef;

    async fn handle(
        &mut self,
        command: Self::Command,
        sealer: &SealerRef,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let unavailable =
            |e: crate::privacy::PrivacyError| CustomerError::Unavailable(e.to_string());
        match command {
            CustomerCommand::Register {
                email_subject,
                email,
                first_name,
                last_name,
                phone,
                phone_key,
                password_hash,
            } => {
                if self.subject.is_some() {
                    return Err(CustomerError::AlreadyRegistered);
                }
                let first_name = name(&first_name, "Please enter your first name.")?;
                let last_name = name(&last_name, "Please enter your last name.")?;
                if !kernel::validation::valid_email(&email) {
                    return Err(CustomerError::Invalid(kernel::validation::EMAIL_MESSAGE));
                }
                if kernel::validation::normalize_phone(&phone).as_deref() != Some(phone.as_str()) {
                    return Err(CustomerError::Invalid(kernel::validation::PHONE_MESSAGE));
                }
                let subject = email_subject.as_str();
                let event = CustomerEvent::CustomerRegistered {
                    email: sealer.seal(subject, &email).await.map_err(unavailable)?,
                    first_name: sealer
                        .seal(subject, &first_name)
                        .await
                        .map_err(unavailable)?,
                    last_name: sealer
                        .seal(subject, &last_name)
                        .await
                        .map_err(unavailable)?,
                    phone: sealer.seal(subject, &phone).await.map_err(unavailable)?,
                    password: sealer
                        .seal(subject, &password_hash)
                        .await
                        .map_err(unavailable)?,
                    phone_key,
                    email_subject,
                };
                sink.write(event, self).await;
            }
            CustomerCommand::RecordLogin { method } => {
                self.registered()?;
                sink.write(CustomerEvent::LoginSucceeded { method }, self)
                    .await;
            }
            CustomerCommand::RecordFailedLogin => {
                self.registered()?;
                sink.write(CustomerEvent::LoginFailed {}, self).await;
            }
            CustomerCommand::ChangePassword { password_hash } => {
                let subject = self.registered()?.to_string();
                let password = sealer
                    .seal(&subject, &password_hash)
                    .await
                    .map_err(unavailable)?;
                sink.write(CustomerEvent::PasswordChanged { password }, self)
                    .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            CustomerEvent::CustomerRegistered { email_subject, .. } => {
                self.subject = Some(email_subject)
            }
            CustomerEvent::LoginSucceeded { .. } => self.failed_logins = 0,
            CustomerEvent::LoginFailed {} => self.failed_logins += 1,
            CustomerEvent::PasswordChanged { .. } => {}
        }
    }
}

impl Customer {
    fn registered(&self) -> Result<&str, CustomerError> {
        self.subject.as_deref().ok_or(CustomerError::NotRegistered)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use cqrs_es::test::TestFramework;

    use super::*;
    use crate::privacy::vault::FixedSealer;

    fn sealer() -> SealerRef {
        Arc::new(FixedSealer)
    }

    /// What [`FixedSealer`] makes of `plain`.
    fn sealed(plain: &str) -> Sealed {
        Sealed {
            subject: "em_1".into(),
            key: "test".into(),
            sealed: format!("sealed({})", plain.len()),
        }
    }

    fn register() -> CustomerCommand {
        CustomerCommand::Register {
            email_subject: "em_1".into(),
            email: "jane@example.com".into(),
            first_name: " Jane ".into(),
            last_name: "Doe".into(),
            phone: "5552345678".into(),
            phone_key: "ph_1".into(),
            password_hash: "$argon2id$v=19$x".into(),
        }
    }

    fn registered() -> CustomerEvent {
        CustomerEvent::CustomerRegistered {
            email_subject: "em_1".into(),
            email: sealed("jane@example.com"),
            first_name: sealed("Jane"),
            last_name: sealed("Doe"),
            phone: sealed("5552345678"),
            phone_key: "ph_1".into(),
            password: sealed("$argon2id$v=19$x"),
        }
    }

    #[test]
    fn a_registration_is_recorded_with_every_personal_field_sealed() {
        TestFramework::<Customer>::with(sealer())
            .given_no_previous_events()
            .when(register())
            .then_expect_events(vec![registered()]);
    }

    #[test]
    fn a_customer_registers_once() {
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(register())
            .then_expect_error(CustomerError::AlreadyRegistered);
    }

    #[test]
    fn fields_the_forms_check_are_checked_again() {
        let with = |first: &str, last: &str, email: &str, phone: &str| CustomerCommand::Register {
            email_subject: "em_1".into(),
            email: email.into(),
            first_name: first.into(),
            last_name: last.into(),
            phone: phone.into(),
            phone_key: "ph_1".into(),
            password_hash: "$argon2id$v=19$x".into(),
        };
        let (email, phone) = ("jane@example.com", "5552345678");
        for (command, message) in [
            (
                with("  ", "Doe", email, phone),
                "Please enter your first name.",
            ),
            (
                with("Jane", "", email, phone),
                "Please enter your last name.",
            ),
            (
                with("Jane", "Doe", "jane@example.con", phone),
                kernel::validation::EMAIL_MESSAGE,
            ),
            (
                with("Jane", "Doe", email, "555-234-5678"),
                kernel::validation::PHONE_MESSAGE,
            ),
        ] {
            TestFramework::<Customer>::with(sealer())
                .given_no_previous_events()
                .when(command)
                .then_expect_error(CustomerError::Invalid(message));
        }
    }

    #[test]
    fn sign_ins_are_recorded_for_registered_customers_only() {
        TestFramework::<Customer>::with(sealer())
            .given_no_previous_events()
            .when(CustomerCommand::RecordFailedLogin)
            .then_expect_error(CustomerError::NotRegistered);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), CustomerEvent::LoginFailed {}])
            .when(CustomerCommand::RecordLogin {
                method: LoginMethod::Local,
            })
            .then_expect_events(vec![CustomerEvent::LoginSucceeded {
                method: LoginMethod::Local,
            }]);
    }

    #[test]
    fn failed_sign_ins_count_until_one_succeeds() {
        let mut customer = Customer::default();
        customer.apply(registered());
        customer.apply(CustomerEvent::LoginFailed {});
        customer.apply(CustomerEvent::LoginFailed {});
        assert_eq!(customer.failed_logins, 2);
        customer.apply(CustomerEvent::LoginSucceeded {
            method: LoginMethod::Local,
        });
        assert_eq!(customer.failed_logins, 0);
    }

    #[test]
    fn a_new_password_is_sealed() {
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(CustomerCommand::ChangePassword {
                password_hash: "$argon2id$new".into(),
            })
            .then_expect_events(vec![CustomerEvent::PasswordChanged {
                password: sealed("$argon2id$new"),
            }]);
    }
}
