//! The shared kernel: what every layer (write side, read side, tracker, the binary) uses and no
//! domain logic. The one error type and JSON error shape, the JSON/form extractors with their
//! text checks, the visitor's identity and the signed-cookie keyring, the idempotency layer,
//! the cross-site checks, staff access, secrets loading, shared validation and the domain values
//! (money in cents, item and store numbers, a normalised email).

pub mod csrf;
pub mod headers;
pub mod http;
pub mod idempotency;
pub mod identity;
pub mod query_id;
pub mod secrets;
pub mod staff;
pub mod validation;
pub mod values;
