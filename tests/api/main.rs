//! The integration tests: one test binary (the app, tantivy and rdkafka linked once), a
//! module per feature, shared fixtures in `common`. Three stay binaries of their own, since
//! each measures its whole process: `logging.rs` and `privacy.rs` capture its log (each with a
//! filter of its own), `tracking_stall.rs` counts the CPU of every librdkafka thread in it.

mod common;

mod account_deletion;
mod account_passkeys;
mod account_providers;
mod account_recovery;
mod accounts;
mod analytics_dashboard;
mod autocomplete;
mod bad_input;
mod bounded_work;
mod broker_wait;
mod captcha;
mod cart;
mod cart_isolation;
mod cli;
mod client_log;
mod crash;
mod cross_site;
mod deadletters;
mod deploy;
mod events_doc;
mod explain;
mod header_cache;
mod home;
mod http;
mod idempotency;
mod images;
mod import;
mod notify;
mod openapi;
mod ordering;
mod outbox;
mod pin_drafts;
mod pin_history;
mod popular;
mod products;
mod projection;
mod recommendations;
mod registries;
mod relay;
mod relay_heal;
mod relevance;
mod reviews;
mod rewards;
mod scale_out;
mod search;
mod security_headers;
mod seed;
mod shopping;
mod sign_in_cart;
mod snapshots;
mod ssr;
mod staff;
mod staff_accounts;
mod stores;
mod synonyms;
mod timeouts;
mod tracking;
mod tracking_restart;
mod verify;
