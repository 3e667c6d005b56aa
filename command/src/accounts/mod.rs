//! Accounts context: customers (one per email, through the email's claim), their passwords and
//! sign-ins. Personal fields are sealed under the email subject's data key (docs/privacy.md).

pub mod captcha;
pub mod claim;
pub mod customer;
pub mod header;
pub mod passkeys;
pub mod password;
pub mod provider_claim;
pub mod providers;
pub mod registry;
pub mod session;
pub mod settings;
pub mod staff_invitation;

pub use claim::*;
pub use customer::*;
pub use passkeys::PasskeySettings;
pub use provider_claim::*;
pub use registry::*;
pub use session::*;
pub use settings::{AccountSettings, ProviderSettings};
pub use staff_invitation::*;
