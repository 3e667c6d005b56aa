//! The shared kernel: what every layer (write side, read side, tracker, the binary) uses and no
//! domain logic. The one error type and JSON error shape, the JSON/form extractors with their
//! text checks, the visitor's identity and the signed-cookie keyring, the idempotency layer,
//! the cross-site checks, staff access, secrets loading, shared validation, the domain values
//! (money in cents, item and store numbers, a normalised email) and what every operation of the
//! OpenAPI document shares.

pub mod client;
pub mod csrf;
pub mod headers;
pub mod http;
pub mod idempotency;
pub mod identity;
pub mod limits;
pub mod openapi;
pub mod query_id;
pub mod secrets;
pub mod session;
pub mod staff;
pub mod state;
pub mod validation;
pub mod values;
