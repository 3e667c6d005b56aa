//! The catalog projection: catalog events → Postgres read models (departments, products,
//! stores, inventory, site messages, header links, mega-menu ad).
//!
//! Idempotent and ordered per aggregate: `projection_progress` remembers the last sequence
//! applied per aggregate; seen events are skipped and a gap is filled from the event store
//! before the newer event is applied. One transaction-scoped advisory lock serialises writers
//! of this projection, so the Kafka consumer and a CLI catch-up never interleave.

use std::collections::HashMap;

use command::catalog::*;
use command::eventstore::decode;
use cqrs_es::Aggregate;
use sqlx::{PgConnection, PgPool, Row};

use crate::envelope::Envelope;

pub const PROJECTION: &str = "catalog";

/// The aggregate types this projection reads.
pub const AGGREGATE_TYPES: [&str; 6] = [
    Department::TYPE,
    Product::TYPE,
    Store::TYPE,
    Inventory::TYPE,
    SiteMessage::TYPE,
    SiteContent::TYPE,
];

/// The read-model tables this projection owns (emptied by a rebuild).
const TABLES: [&str; 8] = [
    "departments",
    "products",
    "stores",
    "store_inventory",
    "ecom_inventory",
    "site_messages",
    "header_links",
    "mega_menu_ad",
];

#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("event {aggregate_type}/{aggregate_id}#{sequence} could not be read: {source}")]
    Decode {
        aggregate_type: String,
        aggregate_id: String,
        sequence: i64,
        source: serde_json::Error,
    },
}

/// An event as the projection needs it, from the event store or from a Kafka envelope.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: serde_json::Value,
}

impl From<Envelope> for StoredEvent {
    fn from(e: Envelope) -> Self {
        Self {
            aggregate_type: e.aggregate_type,
            aggregate_id: e.aggregate_id,
            sequence: e.sequence,
            event_type: e.event_type,
            event_version: e.event_version,
            payload: e.payload,
        }
    }
}

fn from_row(row: &sqlx::postgres::PgRow) -> StoredEvent {
    StoredEvent {
        aggregate_type: row.get("aggregate_type"),
        aggregate_id: row.get("aggregate_id"),
        sequence: row.get("sequence"),
        event_type: row.get("event_type"),
        event_version: row.get("event_version"),
        payload: row.get("payload"),
    }
}

const EVENT_COLUMNS: &str =
    "aggregate_type, aggregate_id, sequence, event_type, event_version, payload";

/// Applies events (in the order given) in one transaction; answers how many were new.
pub async fn apply(pool: &PgPool, events: Vec<StoredEvent>) -> Result<usize, ProjectionError> {
    let mut tx = pool.begin().await?;
    let applied = apply_in(&mut tx, events).await?;
    tx.commit().await?;
    Ok(applied)
}

/// [`apply`] inside the caller's transaction.
pub async fn apply_in(
    conn: &mut PgConnection,
    events: Vec<StoredEvent>,
) -> Result<usize, ProjectionError> {
    let events: Vec<StoredEvent> = events
        .into_iter()
        .filter(|e| AGGREGATE_TYPES.contains(&e.aggregate_type.as_str()))
        .collect();
    if events.is_empty() {
        return Ok(0);
    }
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind(PROJECTION)
        .execute(&mut *conn)
        .await?;

    let (types, ids): (Vec<String>, Vec<String>) = events
        .iter()
        .map(|e| (e.aggregate_type.clone(), e.aggregate_id.clone()))
        .unzip();
    let mut progress: HashMap<(String, String), i64> = sqlx::query(
        "SELECT p.aggregate_type, p.aggregate_id, p.last_sequence FROM projection_progress p \
         JOIN UNNEST($2::text[], $3::text[]) AS k(t, i) ON p.aggregate_type = k.t AND p.aggregate_id = k.i \
         WHERE p.projection = $1",
    )
    .bind(PROJECTION)
    .bind(&types)
    .bind(&ids)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| ((r.get(0), r.get(1)), r.get(2)))
    .collect();
    let mut changed: HashMap<(String, String), i64> = HashMap::new();

    let mut applied = 0;
    for event in events {
        let key = (event.aggregate_type.clone(), event.aggregate_id.clone());
        let last = progress.get(&key).copied().unwrap_or(0);
        if event.sequence <= last {
            continue;
        }
        if event.sequence > last + 1 {
            // A gap: catch up what we missed from the source of truth first.
            let missed = sqlx::query(&format!(
                "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
                 AND sequence > $3 AND sequence < $4 ORDER BY sequence"
            ))
            .bind(&event.aggregate_type)
            .bind(&event.aggregate_id)
            .bind(last)
            .bind(event.sequence)
            .fetch_all(&mut *conn)
            .await?;
            for row in missed {
                apply_one(conn, &from_row(&row)).await?;
                applied += 1;
            }
        }
        apply_one(conn, &event).await?;
        applied += 1;
        progress.insert(key.clone(), event.sequence);
        changed.insert(key, event.sequence);
    }

    if !changed.is_empty() {
        let mut types = Vec::with_capacity(changed.len());
        let mut ids = Vec::with_capacity(changed.len());
        let mut seqs = Vec::with_capacity(changed.len());
        for ((t, i), s) in changed {
            types.push(t);
            ids.push(i);
            seqs.push(s);
        }
        sqlx::query(
            "INSERT INTO projection_progress (projection, aggregate_type, aggregate_id, last_sequence) \
             SELECT $1, t, i, s FROM UNNEST($2::text[], $3::text[], $4::bigint[]) AS u(t, i, s) \
             ON CONFLICT (projection, aggregate_type, aggregate_id) DO UPDATE SET last_sequence = EXCLUDED.last_sequence",
        )
        .bind(PROJECTION)
        .bind(&types)
        .bind(&ids)
        .bind(&seqs)
        .execute(&mut *conn)
        .await?;
    }
    Ok(applied)
}

fn typed<E: cqrs_es::DomainEvent>(e: &StoredEvent) -> Result<E, ProjectionError> {
    decode(
        &e.aggregate_type,
        &e.aggregate_id,
        e.sequence,
        &e.event_type,
        &e.event_version,
        e.payload.clone(),
    )
    .map_err(|source| ProjectionError::Decode {
        aggregate_type: e.aggregate_type.clone(),
        aggregate_id: e.aggregate_id.clone(),
        sequence: e.sequence,
        source,
    })
}

fn json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("read-model value serialises")
}

fn name<T: serde::Serialize>(value: &T) -> String {
    match json(value) {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}

async fn apply_one(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    match e.aggregate_type.as_str() {
        t if t == Department::TYPE => match typed::<DepartmentEvent>(e)? {
            DepartmentEvent::DepartmentUpserted(d) => {
                sqlx::query(
                    "INSERT INTO departments (id, parent_id, name, url, banner_image_url, banner_link_url, sort_order) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET \
                     parent_id = $2, name = $3, url = $4, banner_image_url = $5, banner_link_url = $6, sort_order = $7",
                )
                .bind(d.id)
                .bind(d.parent_id)
                .bind(&d.name)
                .bind(&d.url)
                .bind(&d.banner_image_url)
                .bind(&d.banner_link_url)
                .bind(d.sort_order)
                .execute(&mut *conn)
                .await?;
            }
            DepartmentEvent::DepartmentRemoved { id } => {
                sqlx::query("DELETE FROM departments WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
        },
        t if t == Product::TYPE => match typed::<ProductEvent>(e)? {
            ProductEvent::ProductUpserted(p) => upsert_product(conn, &p).await?,
            ProductEvent::ProductDiscontinued { blain_number } => {
                sqlx::query("UPDATE products SET discontinued = true WHERE blain_number = $1")
                    .bind(blain_number)
                    .execute(&mut *conn)
                    .await?;
            }
        },
        t if t == Store::TYPE => {
            let StoreEvent::StoreUpserted(s) = typed::<StoreEvent>(e)?;
            upsert_store(conn, &s).await?;
        }
        t if t == Inventory::TYPE => match typed::<InventoryEvent>(e)? {
            InventoryEvent::InventoryReported {
                blain_number,
                ecom_on_hand,
                stores,
            } => {
                set_ecom(conn, &blain_number, ecom_on_hand).await?;
                sqlx::query("DELETE FROM store_inventory WHERE blain_number = $1")
                    .bind(&blain_number)
                    .execute(&mut *conn)
                    .await?;
                // Rows only for stores that carry the item or hold some: absence = not carried.
                let kept: Vec<&StoreStock> = stores
                    .iter()
                    .filter(|s| s.is_stocked || s.store_on_hand > 0)
                    .collect();
                let nums: Vec<i32> = kept.iter().map(|s| s.store_num).collect();
                let stocked: Vec<bool> = kept.iter().map(|s| s.is_stocked).collect();
                let on_hand: Vec<i32> = kept.iter().map(|s| s.store_on_hand).collect();
                sqlx::query(
                    "INSERT INTO store_inventory (blain_number, store_num, is_stocked, store_on_hand) \
                     SELECT $1, n, s, q FROM UNNEST($2::int[], $3::bool[], $4::int[]) AS u(n, s, q)",
                )
                .bind(&blain_number)
                .bind(&nums)
                .bind(&stocked)
                .bind(&on_hand)
                .execute(&mut *conn)
                .await?;
            }
            InventoryEvent::StoreStockAdjusted {
                blain_number,
                stock,
            } => {
                if stock.is_stocked || stock.store_on_hand > 0 {
                    sqlx::query(
                        "INSERT INTO store_inventory (blain_number, store_num, is_stocked, store_on_hand) \
                         VALUES ($1, $2, $3, $4) ON CONFLICT (blain_number, store_num) DO UPDATE \
                         SET is_stocked = $3, store_on_hand = $4",
                    )
                    .bind(&blain_number)
                    .bind(stock.store_num)
                    .bind(stock.is_stocked)
                    .bind(stock.store_on_hand)
                    .execute(&mut *conn)
                    .await?;
                } else {
                    sqlx::query(
                        "DELETE FROM store_inventory WHERE blain_number = $1 AND store_num = $2",
                    )
                    .bind(&blain_number)
                    .bind(stock.store_num)
                    .execute(&mut *conn)
                    .await?;
                }
            }
        },
        t if t == SiteMessage::TYPE => match typed::<SiteMessageEvent>(e)? {
            SiteMessageEvent::SiteMessagePublished(m) => {
                sqlx::query(
                    "INSERT INTO site_messages (id, text, link, icon, countdown, end_date_time, sort_order, active) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, true) ON CONFLICT (id) DO UPDATE SET \
                     text = $2, link = $3, icon = $4, countdown = $5, end_date_time = $6, sort_order = $7, active = true",
                )
                .bind(&m.id)
                .bind(&m.text)
                .bind(&m.link)
                .bind(&m.icon)
                .bind(name(&m.countdown))
                .bind(m.end_date_time)
                .bind(m.sort_order)
                .execute(&mut *conn)
                .await?;
            }
            SiteMessageEvent::SiteMessageWithdrawn { id } => {
                sqlx::query("DELETE FROM site_messages WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
        },
        t if t == SiteContent::TYPE => match typed::<SiteContentEvent>(e)? {
            SiteContentEvent::HeaderLinksSet { links } => {
                sqlx::query("DELETE FROM header_links")
                    .execute(&mut *conn)
                    .await?;
                for (position, link) in links.iter().enumerate() {
                    sqlx::query(
                        "INSERT INTO header_links (position, text, link) VALUES ($1, $2, $3)",
                    )
                    .bind(position as i32)
                    .bind(&link.text)
                    .bind(&link.link)
                    .execute(&mut *conn)
                    .await?;
                }
            }
            SiteContentEvent::MegaMenuAdSet { ad } => {
                sqlx::query(
                    "INSERT INTO mega_menu_ad (singleton, ad_id, desktop_image, mobile_image, cta_link, \
                     banner_image_accessible_text, cta_accessible_text) VALUES (true, $1, $2, $3, $4, $5, $6) \
                     ON CONFLICT (singleton) DO UPDATE SET ad_id = $1, desktop_image = $2, mobile_image = $3, \
                     cta_link = $4, banner_image_accessible_text = $5, cta_accessible_text = $6",
                )
                .bind(&ad.ad_id)
                .bind(&ad.desktop_image)
                .bind(&ad.mobile_image)
                .bind(&ad.cta_link)
                .bind(&ad.banner_image_accessible_text)
                .bind(&ad.cta_accessible_text)
                .execute(&mut *conn)
                .await?;
            }
        },
        _ => {}
    }
    Ok(())
}

async fn set_ecom(conn: &mut PgConnection, blain: &str, on_hand: i32) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO ecom_inventory (blain_number, ecom_on_hand) VALUES ($1, $2) \
         ON CONFLICT (blain_number) DO UPDATE SET ecom_on_hand = $2",
    )
    .bind(blain)
    .bind(on_hand)
    .execute(conn)
    .await?;
    Ok(())
}

async fn upsert_product(conn: &mut PgConnection, p: &ProductData) -> Result<(), sqlx::Error> {
    let tire = p.tire_size;
    sqlx::query(
        "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, department_path, kind, \
         price_cents, map_price_cents, price_mode, images, attributes, tire_width, tire_ratio, tire_rim, warning_level, \
         requires_confirmation, requires_agreement, bundle, warranties, ship_to_home, store_pickup, same_day_delivery, discontinued) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, false) \
         ON CONFLICT (blain_number) DO UPDATE SET name = $2, vendor_brand = $3, description = $4, department_id = $5, \
         department_path = $6, kind = $7, price_cents = $8, map_price_cents = $9, price_mode = $10, images = $11, \
         attributes = $12, tire_width = $13, tire_ratio = $14, tire_rim = $15, warning_level = $16, \
         requires_confirmation = $17, requires_agreement = $18, bundle = $19, warranties = $20, ship_to_home = $21, \
         store_pickup = $22, same_day_delivery = $23, discontinued = false",
    )
    .bind(&p.blain_number)
    .bind(&p.name)
    .bind(&p.vendor_brand)
    .bind(&p.description)
    .bind(p.department_id)
    .bind(&p.department_path)
    .bind(name(&p.kind))
    .bind(p.price_cents)
    .bind(p.map_price_cents)
    .bind(name(&p.price_mode))
    .bind(json(&p.images))
    .bind(json(&p.attributes))
    .bind(tire.map(|t| t.width))
    .bind(tire.map(|t| t.ratio))
    .bind(tire.map(|t| t.rim))
    .bind(name(&p.warning_level))
    .bind(p.requires_confirmation)
    .bind(p.requires_agreement)
    .bind(json(&p.bundle))
    .bind(json(&p.warranties))
    .bind(p.fulfillment.ship_to_home)
    .bind(p.fulfillment.store_pickup)
    .bind(p.fulfillment.same_day_delivery)
    .execute(conn)
    .await?;
    Ok(())
}

async fn upsert_store(conn: &mut PgConnection, s: &StoreData) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, auto_center_phone, lat, lon, \
         time_zone, hours, auto_hours, url_alias, google_place_id, google_map_zoom, coming_soon, \
         local_delivery_enabled, local_delivery_label) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) \
         ON CONFLICT (store_num) DO UPDATE SET city = $2, city_alias = $3, state = $4, address1 = $5, zip = $6, \
         phone = $7, auto_center_phone = $8, lat = $9, lon = $10, time_zone = $11, hours = $12, auto_hours = $13, \
         url_alias = $14, google_place_id = $15, google_map_zoom = $16, coming_soon = $17, \
         local_delivery_enabled = $18, local_delivery_label = $19",
    )
    .bind(s.store_num)
    .bind(&s.city)
    .bind(&s.city_alias)
    .bind(&s.state)
    .bind(&s.address1)
    .bind(&s.zip)
    .bind(&s.phone)
    .bind(&s.auto_center_phone)
    .bind(s.lat)
    .bind(s.lon)
    .bind(&s.time_zone)
    .bind(json(&s.hours))
    .bind(s.auto_hours.as_ref().map(json))
    .bind(&s.url_alias)
    .bind(&s.google_place_id)
    .bind(s.google_map_zoom)
    .bind(s.coming_soon)
    .bind(s.local_delivery_information.is_enabled)
    .bind(&s.local_delivery_information.label)
    .execute(conn)
    .await?;
    Ok(())
}

/// Reads the event store in key order, `chunk` events at a time, and applies what this
/// projection has not seen. `on_progress(done, total)` reports as it goes.
pub async fn catch_up(
    pool: &PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    let mut conn = pool.acquire().await?;
    stream_events(&mut conn, chunk, on_progress, false).await
}

/// Empties the read models and replays every catalog event, in one transaction: readers keep
/// seeing the old read models until the rebuilt ones commit.
pub async fn rebuild(
    pool: &PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind(PROJECTION)
        .execute(&mut *tx)
        .await?;
    for table in TABLES {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM projection_progress WHERE projection = $1")
        .bind(PROJECTION)
        .execute(&mut *tx)
        .await?;
    let applied = stream_events(&mut tx, chunk, on_progress, true).await?;
    tx.commit().await?;
    Ok(applied)
}

async fn stream_events(
    conn: &mut PgConnection,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
    in_transaction: bool,
) -> Result<u64, ProjectionError> {
    let types: Vec<String> = AGGREGATE_TYPES.iter().map(|t| t.to_string()).collect();
    let total: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = ANY($1)")
            .bind(&types)
            .fetch_one(&mut *conn)
            .await?;
    let total = total as u64;
    let (mut after_type, mut after_id, mut after_seq) = (String::new(), String::new(), 0i64);
    let (mut done, mut applied) = (0u64, 0u64);
    on_progress(0, total);
    loop {
        let rows = sqlx::query(&format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_type = ANY($1) \
             AND (aggregate_type, aggregate_id, sequence) > ($2, $3, $4) \
             ORDER BY aggregate_type, aggregate_id, sequence LIMIT $5"
        ))
        .bind(&types)
        .bind(&after_type)
        .bind(&after_id)
        .bind(after_seq)
        .bind(chunk)
        .fetch_all(&mut *conn)
        .await?;
        let Some(last) = rows.last() else { break };
        after_type = last.get("aggregate_type");
        after_id = last.get("aggregate_id");
        after_seq = last.get("sequence");
        done += rows.len() as u64;
        let events: Vec<StoredEvent> = rows.iter().map(from_row).collect();
        applied += if in_transaction {
            apply_in(&mut *conn, events).await? as u64
        } else {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let n = apply_in(&mut tx, events).await?;
            tx.commit().await?;
            n as u64
        };
        on_progress(done.min(total), total);
    }
    Ok(applied)
}
