//! The JSON envelope of every message on `storefront.events.v1` (documented in docs/events.md).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// Unique per appended event; a republished event keeps its id.
    pub event_id: Uuid,
    pub aggregate_type: String,
    pub aggregate_id: String,
    /// Position of the event in its aggregate, from 1 without gaps.
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: Value,
    pub metadata: Value,
    pub recorded_at: DateTime<Utc>,
}
