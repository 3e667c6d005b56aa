//! A customer's account, one aggregate per customer id (server-made, never from the client).
//! Names, email, phone and the password's hash travel sealed under the data key of the email's
//! subject, so erasing the subject (`privacy forget`) leaves nothing readable; the phone's
//! keyed hash is the only index of the number.

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::privacy::vault::SealerRef;
use crate::privacy::Sealed;

/// The longest first or last name kept.
pub const MAX_NAME_CHARS: usize = 50;
/// Reset links of one customer that stay usable at once (asking again drops the oldest).
pub const MAX_PENDING_RESETS: usize = 3;
/// The longest passkey name kept.
pub const MAX_PASSKEY_NAME_CHARS: usize = 100;

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
    /// A reset link was made: its token's hash (SHA-256, hex) and when it expires.
    RequestPasswordReset {
        reset_id: String,
        token_hash: String,
        expires_at: DateTime<Utc>,
    },
    /// This cart is the customer's from now on (their browsers get it at sign-in).
    AdoptCart {
        cart_id: String,
    },
    /// A new password through a reset link: the link's token hash must be one of the customer's
    /// pending resets, unexpired; every pending link is void afterwards.
    ResetPassword {
        token_hash: String,
        password_hash: String,
        now: DateTime<Utc>,
    },
    /// An operator asks the customer to choose a new password at their next sign-in
    /// (`storefront accounts require-password-change`); their next new password clears it.
    RequirePasswordChange,
    /// An identity at a sign-in provider signs this customer in from now on (its
    /// `ProviderClaim` is the customer's already). Again for a linked key: nothing happens.
    LinkProvider {
        /// `google`, `apple` or `facebook`.
        provider: String,
        /// The claim's id (`PrivacyKeys::provider_key`): a keyed hash, never the subject.
        provider_key: String,
    },
    /// A linked identity no longer signs this customer in (its `ProviderClaim` was released
    /// first). A key that is not linked is refused.
    UnlinkProvider {
        /// `google`, `apple` or `facebook`: the provider it was linked as.
        provider: String,
        provider_key: String,
    },
    /// A passkey (WebAuthn) signs this customer in from now on. Again for a known credential:
    /// nothing happens.
    AddPasskey {
        /// The credential id, base64url: unique, made at random by the authenticator.
        credential_id: String,
        /// The serialised webauthn-rs `Passkey` (public key, counter, flags: no name, no email).
        passkey: serde_json::Value,
        /// What the customer's list shows: the device it was made on ("Chrome on Linux").
        name: String,
    },
    /// One of the customer's passkeys signs nobody in any more.
    RemovePasskey {
        credential_id: String,
    },
    /// Staff roles (`merchandiser`, `analyst`, `operator`) from an accepted staff invitation;
    /// roles held already are not granted again (nothing new: nothing happens).
    GrantStaffRoles {
        roles: Vec<String>,
    },
    /// Takes staff roles away (`storefront staff revoke`); only held roles are revoked.
    RevokeStaffRoles {
        roles: Vec<String>,
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
    /// A reset link was sent: the hash of its token, never the token.
    PasswordResetRequested {
        reset_id: String,
        token_hash: String,
        expires_at: DateTime<Utc>,
    },
    /// A reset link was used (followed by the `PasswordChanged` it made).
    PasswordResetUsed {
        reset_id: String,
    },
    /// The customer's cart: the one their browsers get at sign-in.
    CartAdopted {
        cart_id: String,
    },
    /// An operator asked for a new password: sign-in answers `passwordChangeRequired` until
    /// the next `PasswordChanged`.
    PasswordChangeRequired {},
    /// An identity at a sign-in provider was linked: the provider and the keyed hash of its
    /// subject there (the `ProviderClaim`'s id), never the subject, a token or an email.
    ProviderLinked {
        provider: String,
        provider_key: String,
    },
    /// A linked identity was unlinked by the customer: it signs nobody in until linked again.
    ProviderUnlinked {
        provider: String,
        provider_key: String,
    },
    /// A passkey was added: its credential id and the webauthn-rs `Passkey` (public key
    /// material and counter, no personal data; its user handle is a hash of the customer id).
    PasskeyAdded {
        credential_id: String,
        passkey: serde_json::Value,
        name: String,
    },
    /// A passkey was removed.
    PasskeyRemoved {
        credential_id: String,
    },
    /// Staff roles the customer holds from now on (an accepted `StaffInvitation`).
    StaffRolesGranted {
        roles: Vec<String>,
    },
    /// Staff roles the customer no longer holds (`storefront staff revoke`).
    StaffRolesRevoked {
        roles: Vec<String>,
    },
}

impl DomainEvent for CustomerEvent {
    fn event_type(&self) -> String {
        match self {
            CustomerEvent::CustomerRegistered { .. } => "CustomerRegistered",
            CustomerEvent::LoginSucceeded { .. } => "LoginSucceeded",
            CustomerEvent::LoginFailed {} => "LoginFailed",
            CustomerEvent::PasswordChanged { .. } => "PasswordChanged",
            CustomerEvent::PasswordResetRequested { .. } => "PasswordResetRequested",
            CustomerEvent::PasswordResetUsed { .. } => "PasswordResetUsed",
            CustomerEvent::CartAdopted { .. } => "CartAdopted",
            CustomerEvent::PasswordChangeRequired {} => "PasswordChangeRequired",
            CustomerEvent::ProviderLinked { .. } => "ProviderLinked",
            CustomerEvent::ProviderUnlinked { .. } => "ProviderUnlinked",
            CustomerEvent::PasskeyAdded { .. } => "PasskeyAdded",
            CustomerEvent::PasskeyRemoved { .. } => "PasskeyRemoved",
            CustomerEvent::StaffRolesGranted { .. } => "StaffRolesGranted",
            CustomerEvent::StaffRolesRevoked { .. } => "StaffRolesRevoked",
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
    /// A reset link that is not one of the customer's pending ones, was used, or expired.
    #[error("this reset link is not valid")]
    ResetLinkInvalid,
    /// The key store could not seal the personal fields.
    #[error("personal data could not be sealed: {0}")]
    Unavailable(String),
    /// A passkey that is not one of the customer's.
    #[error("no such passkey")]
    UnknownPasskey,
    /// A provider identity that is not linked to the customer.
    #[error("no such linked sign-in")]
    UnknownProvider,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    /// The sealing subject, once registered.
    pub subject: Option<String>,
    /// Wrong passwords since the last successful sign-in (or new password).
    pub failed_logins: u32,
    /// Reset links not used yet, oldest first (expired ones are refused when used).
    pub pending_resets: Vec<PendingReset>,
    /// The customer's cart.
    #[serde(default)]
    pub cart_id: Option<String>,
    /// An operator asked for a new password, not chosen yet.
    #[serde(default)]
    pub password_change_required: bool,
    /// The sign-in providers' keys linked to the customer.
    #[serde(default)]
    pub provider_keys: Vec<String>,
    /// The credential ids of the customer's passkeys.
    #[serde(default)]
    pub passkeys: Vec<String>,
    /// The staff roles the customer holds.
    #[serde(default)]
    pub staff_roles: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingReset {
    pub reset_id: String,
    pub token_hash: String,
    pub expires_at: DateTime<Utc>,
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
            CustomerCommand::RequestPasswordReset {
                reset_id,
                token_hash,
                expires_at,
            } => {
                self.registered()?;
                sink.write(
                    CustomerEvent::PasswordResetRequested {
                        reset_id,
                        token_hash,
                        expires_at,
                    },
                    self,
                )
                .await;
            }
            CustomerCommand::RequirePasswordChange => {
                self.registered()?;
                if !self.password_change_required {
                    sink.write(CustomerEvent::PasswordChangeRequired {}, self)
                        .await;
                }
            }
            CustomerCommand::AdoptCart { cart_id } => {
                self.registered()?;
                if self.cart_id.as_deref() != Some(cart_id.as_str()) {
                    sink.write(CustomerEvent::CartAdopted { cart_id }, self)
                        .await;
                }
            }
            CustomerCommand::ResetPassword {
                token_hash,
                password_hash,
                now,
            } => {
                let subject = self.registered()?.to_string();
                let reset = self
                    .pending_resets
                    .iter()
                    .find(|r| r.token_hash == token_hash && r.expires_at > now)
                    .ok_or(CustomerError::ResetLinkInvalid)?;
                let reset_id = reset.reset_id.clone();
                let password = sealer
                    .seal(&subject, &password_hash)
                    .await
                    .map_err(unavailable)?;
                sink.write(CustomerEvent::PasswordResetUsed { reset_id }, self)
                    .await;
                sink.write(CustomerEvent::PasswordChanged { password }, self)
                    .await;
            }
            CustomerCommand::LinkProvider {
                provider,
                provider_key,
            } => {
                self.registered()?;
                if !self.provider_keys.contains(&provider_key) {
                    sink.write(
                        CustomerEvent::ProviderLinked {
                            provider,
                            provider_key,
                        },
                        self,
                    )
                    .await;
                }
            }
            CustomerCommand::UnlinkProvider {
                provider,
                provider_key,
            } => {
                self.registered()?;
                if !self.provider_keys.contains(&provider_key) {
                    return Err(CustomerError::UnknownProvider);
                }
                let unlinked = CustomerEvent::ProviderUnlinked {
                    provider,
                    provider_key,
                };
                sink.write(unlinked, self).await;
            }
            CustomerCommand::AddPasskey {
                credential_id,
                passkey,
                name,
            } => {
                self.registered()?;
                if !self.passkeys.contains(&credential_id) {
                    let name = name.trim().chars().take(MAX_PASSKEY_NAME_CHARS).collect();
                    let added = CustomerEvent::PasskeyAdded {
                        credential_id,
                        passkey,
                        name,
                    };
                    sink.write(added, self).await;
                }
            }
            CustomerCommand::RemovePasskey { credential_id } => {
                self.registered()?;
                if !self.passkeys.contains(&credential_id) {
                    return Err(CustomerError::UnknownPasskey);
                }
                sink.write(CustomerEvent::PasskeyRemoved { credential_id }, self)
                    .await;
            }
            CustomerCommand::GrantStaffRoles { roles } => {
                self.registered()?;
                let mut new: Vec<String> = Vec::new();
                for role in roles {
                    if !self.staff_roles.contains(&role) && !new.contains(&role) {
                        new.push(role);
                    }
                }
                if !new.is_empty() {
                    sink.write(CustomerEvent::StaffRolesGranted { roles: new }, self)
                        .await;
                }
            }
            CustomerCommand::RevokeStaffRoles { roles } => {
                self.registered()?;
                let held: Vec<String> = self
                    .staff_roles
                    .iter()
                    .filter(|r| roles.contains(r))
                    .cloned()
                    .collect();
                if !held.is_empty() {
                    sink.write(CustomerEvent::StaffRolesRevoked { roles: held }, self)
                        .await;
                }
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
            // A new password voids every link that could have set one.
            CustomerEvent::PasswordChanged { .. } => {
                self.failed_logins = 0;
                self.pending_resets.clear();
                self.password_change_required = false;
            }
            CustomerEvent::PasswordResetRequested {
                reset_id,
                token_hash,
                expires_at,
            } => {
                if self.pending_resets.len() >= MAX_PENDING_RESETS {
                    self.pending_resets.remove(0);
                }
                self.pending_resets.push(PendingReset {
                    reset_id,
                    token_hash,
                    expires_at,
                });
            }
            CustomerEvent::PasswordResetUsed { reset_id } => {
                self.pending_resets.retain(|r| r.reset_id != reset_id)
            }
            CustomerEvent::CartAdopted { cart_id } => self.cart_id = Some(cart_id),
            CustomerEvent::PasswordChangeRequired {} => self.password_change_required = true,
            CustomerEvent::ProviderLinked { provider_key, .. } => {
                self.provider_keys.push(provider_key)
            }
            CustomerEvent::ProviderUnlinked { provider_key, .. } => {
                self.provider_keys.retain(|key| *key != provider_key)
            }
            CustomerEvent::PasskeyAdded { credential_id, .. } => self.passkeys.push(credential_id),
            CustomerEvent::PasskeyRemoved { credential_id } => {
                self.passkeys.retain(|id| *id != credential_id)
            }
            CustomerEvent::StaffRolesGranted { roles } => self.staff_roles.extend(roles),
            CustomerEvent::StaffRolesRevoked { roles } => {
                self.staff_roles.retain(|r| !roles.contains(r))
            }
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

    fn at(minute: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 11, 27, 12, minute, 0).unwrap()
    }

    fn requested(reset_id: &str, token_hash: &str) -> CustomerEvent {
        CustomerEvent::PasswordResetRequested {
            reset_id: reset_id.into(),
            token_hash: token_hash.into(),
            expires_at: at(30),
        }
    }

    fn reset_with(token_hash: &str, minute: u32) -> CustomerCommand {
        CustomerCommand::ResetPassword {
            token_hash: token_hash.into(),
            password_hash: "$argon2id$new".into(),
            now: at(minute),
        }
    }

    #[test]
    fn a_reset_link_sets_a_new_password_once() {
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), requested("r1", "h1")])
            .when(reset_with("h1", 10))
            .then_expect_events(vec![
                CustomerEvent::PasswordResetUsed {
                    reset_id: "r1".into(),
                },
                CustomerEvent::PasswordChanged {
                    password: sealed("$argon2id$new"),
                },
            ]);
        // Used: the same link again is refused.
        TestFramework::<Customer>::with(sealer())
            .given(vec![
                registered(),
                requested("r1", "h1"),
                CustomerEvent::PasswordResetUsed {
                    reset_id: "r1".into(),
                },
                CustomerEvent::PasswordChanged {
                    password: sealed("$argon2id$new"),
                },
            ])
            .when(reset_with("h1", 11))
            .then_expect_error(CustomerError::ResetLinkInvalid);
    }

    #[test]
    fn a_reset_link_is_refused_when_expired_unknown_or_voided_by_a_new_password() {
        for (given, token, minute) in [
            (vec![registered(), requested("r1", "h1")], "h1", 30),
            (vec![registered(), requested("r1", "h1")], "h2", 10),
            (
                vec![
                    registered(),
                    requested("r1", "h1"),
                    requested("r2", "h2"),
                    CustomerEvent::PasswordResetUsed {
                        reset_id: "r2".into(),
                    },
                    CustomerEvent::PasswordChanged {
                        password: sealed("x"),
                    },
                ],
                "h1",
                10,
            ),
            (vec![], "h1", 10),
        ] {
            let expected = if given.is_empty() {
                CustomerError::NotRegistered
            } else {
                CustomerError::ResetLinkInvalid
            };
            TestFramework::<Customer>::with(sealer())
                .given(given)
                .when(reset_with(token, minute))
                .then_expect_error(expected);
        }
    }

    #[test]
    fn only_the_newest_reset_links_stay_usable() {
        let mut customer = Customer::default();
        customer.apply(registered());
        for n in 0..5 {
            customer.apply(requested(&format!("r{n}"), &format!("h{n}")));
        }
        let kept: Vec<_> = customer
            .pending_resets
            .iter()
            .map(|r| r.reset_id.as_str())
            .collect();
        assert_eq!(kept, ["r2", "r3", "r4"]);
    }

    #[test]
    fn a_customer_adopts_a_cart_once() {
        let adopted = CustomerEvent::CartAdopted {
            cart_id: "k1".into(),
        };
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(CustomerCommand::AdoptCart {
                cart_id: "k1".into(),
            })
            .then_expect_events(vec![adopted.clone()]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), adopted])
            .when(CustomerCommand::AdoptCart {
                cart_id: "k1".into(),
            })
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_provider_is_linked_once_to_a_registered_customer() {
        let link = || CustomerCommand::LinkProvider {
            provider: "google".into(),
            provider_key: "pi_1".into(),
        };
        let linked = CustomerEvent::ProviderLinked {
            provider: "google".into(),
            provider_key: "pi_1".into(),
        };
        TestFramework::<Customer>::with(sealer())
            .given_no_previous_events()
            .when(link())
            .then_expect_error(CustomerError::NotRegistered);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(link())
            .then_expect_events(vec![linked.clone()]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), linked])
            .when(link())
            .then_expect_events(vec![]);
    }

    #[test]
    fn only_a_linked_provider_is_unlinked_and_can_be_linked_again() {
        let linked = CustomerEvent::ProviderLinked {
            provider: "google".into(),
            provider_key: "pi_1".into(),
        };
        let unlink = |key: &str| CustomerCommand::UnlinkProvider {
            provider: "google".into(),
            provider_key: key.into(),
        };
        let unlinked = CustomerEvent::ProviderUnlinked {
            provider: "google".into(),
            provider_key: "pi_1".into(),
        };
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), linked.clone()])
            .when(unlink("pi_2"))
            .then_expect_error(CustomerError::UnknownProvider);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), linked.clone()])
            .when(unlink("pi_1"))
            .then_expect_events(vec![unlinked.clone()]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), linked.clone(), unlinked.clone()])
            .when(unlink("pi_1"))
            .then_expect_error(CustomerError::UnknownProvider);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), linked.clone(), unlinked])
            .when(CustomerCommand::LinkProvider {
                provider: "google".into(),
                provider_key: "pi_1".into(),
            })
            .then_expect_events(vec![linked]);
    }

    #[test]
    fn a_passkey_is_added_once_and_only_the_customers_own_is_removed() {
        let add = || CustomerCommand::AddPasskey {
            credential_id: "cred1".into(),
            passkey: serde_json::json!({"cred": {}}),
            name: "Chrome on Linux".into(),
        };
        let added = CustomerEvent::PasskeyAdded {
            credential_id: "cred1".into(),
            passkey: serde_json::json!({"cred": {}}),
            name: "Chrome on Linux".into(),
        };
        let remove = |id: &str| CustomerCommand::RemovePasskey {
            credential_id: id.into(),
        };
        TestFramework::<Customer>::with(sealer())
            .given_no_previous_events()
            .when(add())
            .then_expect_error(CustomerError::NotRegistered);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(add())
            .then_expect_events(vec![added.clone()]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), added.clone()])
            .when(add())
            .then_expect_events(vec![]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), added.clone()])
            .when(remove("cred2"))
            .then_expect_error(CustomerError::UnknownPasskey);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), added])
            .when(remove("cred1"))
            .then_expect_events(vec![CustomerEvent::PasskeyRemoved {
                credential_id: "cred1".into(),
            }]);
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

    #[test]
    fn an_operator_asks_for_a_new_password_once_until_one_is_chosen() {
        let required = CustomerEvent::PasswordChangeRequired {};
        let changed = CustomerEvent::PasswordChanged {
            password: sealed("$argon2id$new"),
        };
        TestFramework::<Customer>::with(sealer())
            .given_no_previous_events()
            .when(CustomerCommand::RequirePasswordChange)
            .then_expect_error(CustomerError::NotRegistered);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered()])
            .when(CustomerCommand::RequirePasswordChange)
            .then_expect_events(vec![required.clone()]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), required.clone()])
            .when(CustomerCommand::RequirePasswordChange)
            .then_expect_events(vec![]);
        TestFramework::<Customer>::with(sealer())
            .given(vec![registered(), required.clone(), changed])
            .when(CustomerCommand::RequirePasswordChange)
            .then_expect_events(vec![required]);
    }
}
