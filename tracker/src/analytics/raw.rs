//! A batch's raw events: one row per event id ([`RawRows`]) and the fresh ones in `COPY`'s
//! binary format for `tracking_events`.

use std::collections::HashSet;

use crate::event::{Agent, TrackingEvent};

/// A batch's events, one per event id and every id valid, each beside its id and its JSON
/// text as kept in `tracking_events.body`.
pub(super) struct RawRows {
    pub(super) events: Vec<TrackingEvent>,
    pub(super) ids: Vec<uuid::Uuid>,
    pub(super) bodies: Vec<String>,
}

impl RawRows {
    pub(super) fn new(events: Vec<(TrackingEvent, String)>) -> Self {
        let mut seen = HashSet::new();
        let mut rows = RawRows {
            events: Vec::with_capacity(events.len()),
            ids: Vec::with_capacity(events.len()),
            bodies: Vec::with_capacity(events.len()),
        };
        for (e, body) in events {
            let Ok(id) = uuid::Uuid::parse_str(&e.event_id) else {
                continue;
            };
            if seen.insert(id) {
                rows.ids.push(id);
                rows.bodies.push(body);
                rows.events.push(e);
            }
        }
        rows
    }
}

/// The fresh rows of a batch in `COPY`'s binary format: a header, then per row its field count
/// and each field as a length and its bytes (uuid: 16 bytes; timestamptz: microseconds since
/// 2000-01-01 UTC; text and json: UTF-8; bool: one byte), then -1.
pub(super) fn copy_rows(rows: &RawRows, fresh: &[bool]) -> Vec<u8> {
    fn field(out: &mut Vec<u8>, bytes: &[u8]) {
        out.extend_from_slice(&(bytes.len() as i32).to_be_bytes());
        out.extend_from_slice(bytes);
    }
    const EPOCH_2000_MICROS: i64 = 946_684_800_000_000;
    let mut out = Vec::with_capacity(19 + rows.bodies.iter().map(|b| b.len() + 200).sum::<usize>());
    out.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
    out.extend_from_slice(&0i32.to_be_bytes());
    out.extend_from_slice(&0i32.to_be_bytes());
    for (((e, id), body), fresh) in rows
        .events
        .iter()
        .zip(&rows.ids)
        .zip(&rows.bodies)
        .zip(fresh)
    {
        if !fresh {
            continue;
        }
        out.extend_from_slice(&7i16.to_be_bytes());
        field(&mut out, id.as_bytes());
        let micros = e.received_at.timestamp_micros() - EPOCH_2000_MICROS;
        field(&mut out, &micros.to_be_bytes());
        field(&mut out, e.visitor_id.as_bytes());
        field(&mut out, e.visit_id.as_bytes());
        field(&mut out, e.event.as_bytes());
        field(&mut out, &[u8::from(e.agent == Agent::Bot)]);
        field(&mut out, body.as_bytes());
    }
    out.extend_from_slice(&(-1i16).to_be_bytes());
    out
}
