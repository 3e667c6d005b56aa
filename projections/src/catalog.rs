//! The catalog projection: catalog events → Postgres read models (departments, products,
//! stores, inventory, site messages, header links, mega-menu ad). Ordering, idempotence and
//! rebuilds come from [`crate::engine`].

use command::catalog::*;
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{json, text as name, Projection, Typed};
pub use crate::engine::{ProjectionError, StoredEvent};

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
pub const TABLES: [&str; 11] = [
    "departments",
    "products",
    "stores",
    "store_stock",
    "ecom_inventory",
    "stock_reservations",
    "site_messages",
    "header_links",
    "mega_menu_ad",
    "sponsored_ad",
    "home_hero",
];

/// Sets the one ad of `table` (`mega_menu_ad` or `sponsored_ad`, same columns).
async fn upsert_ad(
    conn: &mut PgConnection,
    table: &'static str,
    ad: &command::catalog::MegaMenuAd,
) -> Result<(), ProjectionError> {
    sqlx::query(&format!(
        "INSERT INTO {table} (singleton, ad_id, desktop_image, mobile_image, cta_link, \
         banner_image_accessible_text, cta_accessible_text) VALUES (true, $1, $2, $3, $4, $5, $6) \
         ON CONFLICT (singleton) DO UPDATE SET ad_id = $1, desktop_image = $2, mobile_image = $3, \
         cta_link = $4, banner_image_accessible_text = $5, cta_accessible_text = $6"
    ))
    .bind(&ad.ad_id)
    .bind(&ad.desktop_image)
    .bind(&ad.mobile_image)
    .bind(&ad.cta_link)
    .bind(&ad.banner_image_accessible_text)
    .bind(&ad.cta_accessible_text)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

async fn apply_event(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    match e.aggregate_type.as_str() {
        t if t == Department::TYPE => match e.typed::<DepartmentEvent>()? {
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
        t if t == Product::TYPE => match e.typed::<ProductEvent>()? {
            ProductEvent::ProductUpserted(p) => {
                upsert_products(conn, &[(*p, e.recorded_at)]).await?
            }
            ProductEvent::ProductDiscontinued { blain_number } => {
                sqlx::query(
                    "UPDATE products SET discontinued = true, updated_at = coalesce($2, now()) \
                     WHERE blain_number = $1",
                )
                .bind(blain_number)
                .bind(e.recorded_at)
                .execute(&mut *conn)
                .await?;
            }
        },
        t if t == Store::TYPE => {
            let StoreEvent::StoreUpserted(s) = e.typed::<StoreEvent>()?;
            upsert_store(conn, &s).await?;
        }
        t if t == Inventory::TYPE => match e.typed::<InventoryEvent>()? {
            InventoryEvent::InventoryReported {
                blain_number,
                ecom_on_hand,
                stores,
            } => {
                let report = Report {
                    blain_number,
                    ecom_on_hand,
                    stores,
                };
                replace_inventory(conn, vec![report]).await?;
            }
            InventoryEvent::StoreStockAdjusted {
                blain_number,
                stock,
            } => {
                // The item's other stores as they were, this store as reported (kept only when
                // it carries the item or holds some), in store order.
                sqlx::query(
                    "INSERT INTO store_stock (blain_number, store_nums, stocked, on_hand) \
                     SELECT $1, coalesce(array_agg(n ORDER BY n), '{}'), coalesce(array_agg(s ORDER BY n), '{}'), \
                            coalesce(array_agg(q ORDER BY n), '{}') \
                     FROM (SELECT u.n, u.s, u.q FROM store_stock x, unnest(x.store_nums, x.stocked, x.on_hand) AS u(n, s, q) \
                           WHERE x.blain_number = $1 AND u.n <> $2 \
                           UNION ALL SELECT $2, $3, $4 WHERE $3 OR $4 > 0) k \
                     ON CONFLICT (blain_number) DO UPDATE SET store_nums = EXCLUDED.store_nums, \
                     stocked = EXCLUDED.stocked, on_hand = EXCLUDED.on_hand",
                )
                .bind(&blain_number)
                .bind(stock.store_num)
                .bind(stock.is_stocked)
                .bind(stock.store_on_hand)
                .execute(&mut *conn)
                .await?;
                subtract_reservations(conn, &[blain_number.as_str()]).await?;
            }
            InventoryEvent::StockReserved {
                blain_number,
                reservation,
            } => {
                sqlx::query(
                    "INSERT INTO stock_reservations (blain_number, order_no, store_num, quantity) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                )
                .bind(&blain_number)
                .bind(&reservation.order_no)
                .bind(reservation.store_num.unwrap_or(ONLINE))
                .bind(reservation.quantity)
                .execute(&mut *conn)
                .await?;
                shift_available(conn, &blain_number, &reservation, -1).await?;
            }
            InventoryEvent::StockReleased {
                blain_number,
                order_no,
                released,
            } => {
                for r in &released {
                    shift_available(conn, &blain_number, r, 1).await?;
                }
                forget_reservations(conn, &blain_number, &order_no).await?;
            }
            InventoryEvent::ReservationFulfilled {
                blain_number,
                order_no,
                ..
            } => {
                // On hand and reserved both went down by the units: available is unchanged.
                forget_reservations(conn, &blain_number, &order_no).await?;
            }
        },
        t if t == SiteMessage::TYPE => match e.typed::<SiteMessageEvent>()? {
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
        t if t == SiteContent::TYPE => match e.typed::<SiteContentEvent>()? {
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
            SiteContentEvent::MegaMenuAdSet { ad } => upsert_ad(conn, "mega_menu_ad", &ad).await?,
            SiteContentEvent::SponsoredAdSet { ad } => upsert_ad(conn, "sponsored_ad", &ad).await?,
            SiteContentEvent::HomeHeroSet { hero } => {
                sqlx::query(
                    "INSERT INTO home_hero (singleton, hero) VALUES (true, $1) \
                     ON CONFLICT (singleton) DO UPDATE SET hero = EXCLUDED.hero",
                )
                .bind(sqlx::types::Json(&hero))
                .execute(&mut *conn)
                .await?;
            }
        },
        _ => {}
    }
    Ok(())
}

/// Keeps the last entry per key (a later full overwrite wins), in their original order.
fn last_per_key<T>(items: Vec<T>, key: impl Fn(&T) -> &str) -> Vec<T> {
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<T> = Vec::with_capacity(items.len());
    for item in items.into_iter().rev() {
        if seen.insert(key(&item).to_string()) {
            kept.push(item);
        }
    }
    kept.reverse();
    kept
}

/// One `products` row as `jsonb_populate_recordset` reads it (keys are column names).
#[derive(serde::Serialize)]
struct ProductRow<'a> {
    blain_number: &'a str,
    name: &'a str,
    vendor_brand: &'a str,
    description: &'a str,
    department_id: i32,
    department_path: &'a [String],
    kind: String,
    price_cents: i64,
    map_price_cents: Option<i64>,
    price_mode: String,
    images: &'a [String],
    attributes: &'a [Attribute],
    tire_width: Option<i32>,
    tire_ratio: Option<i32>,
    tire_rim: Option<i32>,
    warning_level: String,
    requires_confirmation: bool,
    requires_agreement: bool,
    bundle: &'a [BundleComponent],
    warranties: &'a [Warranty],
    ship_to_home: bool,
    store_pickup: bool,
    same_day_delivery: bool,
    discontinued: bool,
    rating_average: Option<f64>,
    rating_count: i32,
    was_price_cents: Option<i64>,
    introduced_on: Option<chrono::NaiveDate>,
    sale_ends_on: Option<chrono::NaiveDate>,
    /// When its last event was recorded (a sitemap's `lastmod`); none for an event being
    /// appended in this transaction (then `now()`, its `recorded_at`).
    updated_at: Option<chrono::DateTime<chrono::Utc>>,
}

impl<'a> From<&'a Upserted> for ProductRow<'a> {
    fn from((p, updated_at): &'a Upserted) -> Self {
        let tire = p.tire_size;
        ProductRow {
            blain_number: &p.blain_number,
            name: &p.name,
            vendor_brand: &p.vendor_brand,
            description: &p.description,
            department_id: p.department_id,
            department_path: &p.department_path,
            kind: name(&p.kind),
            price_cents: p.price_cents,
            map_price_cents: p.map_price_cents,
            price_mode: name(&p.price_mode),
            images: &p.images,
            attributes: &p.attributes,
            tire_width: tire.map(|t| t.width),
            tire_ratio: tire.map(|t| t.ratio),
            tire_rim: tire.map(|t| t.rim),
            warning_level: name(&p.warning_level),
            requires_confirmation: p.requires_confirmation,
            requires_agreement: p.requires_agreement,
            bundle: &p.bundle,
            warranties: &p.warranties,
            ship_to_home: p.fulfillment.ship_to_home,
            store_pickup: p.fulfillment.store_pickup,
            same_day_delivery: p.fulfillment.same_day_delivery,
            discontinued: false,
            rating_average: p.rating.map(|r| r.average),
            rating_count: p.rating.map_or(0, |r| r.count),
            was_price_cents: p.was_price_cents,
            introduced_on: p.introduced_on,
            sale_ends_on: p.sale_ends_on,
            updated_at: *updated_at,
        }
    }
}

/// A product as upserted, and when its event was recorded (none: in this transaction).
type Upserted = (ProductData, Option<chrono::DateTime<chrono::Utc>>);

const PRODUCT_COLUMNS: &str = "blain_number, name, vendor_brand, description, department_id, department_path, kind, \
    price_cents, map_price_cents, price_mode, images, attributes, tire_width, tire_ratio, tire_rim, warning_level, \
    requires_confirmation, requires_agreement, bundle, warranties, ship_to_home, store_pickup, same_day_delivery, discontinued, \
    rating_average, rating_count, was_price_cents, introduced_on, sale_ends_on, updated_at";

/// Upserts products (the last of each number wins) with one statement.
async fn upsert_products(
    conn: &mut PgConnection,
    products: &[Upserted],
) -> Result<(), sqlx::Error> {
    if products.is_empty() {
        return Ok(());
    }
    let rows: Vec<ProductRow> = last_per_key(products.iter().collect(), |(p, _)| &p.blain_number)
        .into_iter()
        .map(ProductRow::from)
        .collect();
    let updates = PRODUCT_COLUMNS
        .split(',')
        .map(str::trim)
        .filter(|c| *c != "blain_number")
        .map(|c| format!("{c} = EXCLUDED.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    // An event appended in this transaction was recorded at its start: `now()`.
    let values = PRODUCT_COLUMNS.replace("updated_at", "coalesce(updated_at, now())");
    sqlx::query(&format!(
        "INSERT INTO products ({PRODUCT_COLUMNS}) SELECT {values} \
         FROM jsonb_populate_recordset(NULL::products, $1) \
         ON CONFLICT (blain_number) DO UPDATE SET {updates}"
    ))
    .bind(sqlx::types::Json(&rows))
    .execute(conn)
    .await?;
    Ok(())
}

/// An inventory report: the item's whole stock picture (e-commerce and every store).
struct Report {
    blain_number: String,
    ecom_on_hand: i32,
    stores: Vec<StoreStock>,
}

/// One `store_stock` row as `jsonb_populate_recordset` reads it.
#[derive(serde::Serialize)]
struct StockRow<'a> {
    blain_number: &'a str,
    store_nums: Vec<i32>,
    stocked: Vec<bool>,
    on_hand: Vec<i32>,
}

/// Replaces the stock of the reported items (the last report of each wins): one statement per
/// table. Entries only for stores that carry the item or hold some: absence = not carried.
async fn replace_inventory(
    conn: &mut PgConnection,
    reports: Vec<Report>,
) -> Result<(), sqlx::Error> {
    if reports.is_empty() {
        return Ok(());
    }
    let reports = last_per_key(reports, |r| &r.blain_number);
    let blains: Vec<&str> = reports.iter().map(|r| r.blain_number.as_str()).collect();
    let ecom: Vec<i32> = reports.iter().map(|r| r.ecom_on_hand).collect();
    sqlx::query(
        "INSERT INTO ecom_inventory (blain_number, ecom_on_hand) SELECT b, q FROM UNNEST($1::text[], $2::int[]) AS u(b, q) \
         ON CONFLICT (blain_number) DO UPDATE SET ecom_on_hand = EXCLUDED.ecom_on_hand",
    )
    .bind(&blains)
    .bind(&ecom)
    .execute(&mut *conn)
    .await?;
    let rows: Vec<StockRow> = reports
        .iter()
        .map(|r| {
            let mut kept: Vec<&StoreStock> = r
                .stores
                .iter()
                .filter(|s| s.is_stocked || s.store_on_hand > 0)
                .collect();
            kept.sort_by_key(|s| s.store_num);
            kept.dedup_by_key(|s| s.store_num);
            StockRow {
                blain_number: &r.blain_number,
                store_nums: kept.iter().map(|s| s.store_num).collect(),
                stocked: kept.iter().map(|s| s.is_stocked).collect(),
                on_hand: kept.iter().map(|s| s.store_on_hand).collect(),
            }
        })
        .collect();
    sqlx::query(
        "INSERT INTO store_stock (blain_number, store_nums, stocked, on_hand) \
         SELECT blain_number, store_nums, stocked, on_hand FROM jsonb_populate_recordset(NULL::store_stock, $1) \
         ON CONFLICT (blain_number) DO UPDATE SET store_nums = EXCLUDED.store_nums, \
         stocked = EXCLUDED.stocked, on_hand = EXCLUDED.on_hand",
    )
    .bind(sqlx::types::Json(&rows))
    .execute(&mut *conn)
    .await?;
    subtract_reservations(conn, &blains).await?;
    Ok(())
}

/// `stock_reservations.store_num` of the online (ship-from) stock.
const ONLINE: i32 = 0;

/// The read models' stock figures are what can be sold: on hand less what orders hold. A
/// reservation moves them by its units (`sign` −1 to hold, +1 to give back).
async fn shift_available(
    conn: &mut PgConnection,
    blain_number: &str,
    r: &command::catalog::Reservation,
    sign: i32,
) -> Result<(), sqlx::Error> {
    let delta = sign * r.quantity;
    match r.store_num {
        None => {
            sqlx::query(
                "UPDATE ecom_inventory SET ecom_on_hand = ecom_on_hand + $2 WHERE blain_number = $1",
            )
            .bind(blain_number)
            .bind(delta)
            .execute(&mut *conn)
            .await?;
        }
        Some(store) => {
            sqlx::query(
                "UPDATE store_stock SET on_hand = (SELECT array_agg(CASE WHEN u.n = $2 THEN u.q + $3 ELSE u.q END ORDER BY u.i) \
                 FROM unnest(on_hand, store_nums) WITH ORDINALITY AS u(q, n, i)) \
                 WHERE blain_number = $1 AND $2 = ANY(store_nums)",
            )
            .bind(blain_number)
            .bind(store)
            .bind(delta)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

async fn forget_reservations(
    conn: &mut PgConnection,
    blain_number: &str,
    order_no: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM stock_reservations WHERE blain_number = $1 AND order_no = $2")
        .bind(blain_number)
        .bind(order_no)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// After on-hand figures were replaced (a report, a store's adjustment): what orders hold is
/// taken off again, so a report during an order keeps its units held.
async fn subtract_reservations(
    conn: &mut PgConnection,
    blains: &[&str],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE ecom_inventory e SET ecom_on_hand = e.ecom_on_hand - r.q \
         FROM (SELECT blain_number, sum(quantity)::int AS q FROM stock_reservations \
               WHERE store_num = 0 AND blain_number = ANY($1) GROUP BY blain_number) r \
         WHERE e.blain_number = r.blain_number",
    )
    .bind(blains)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE store_stock s SET on_hand = (SELECT array_agg(u.q - coalesce((SELECT sum(r.quantity)::int \
             FROM stock_reservations r WHERE r.blain_number = s.blain_number AND r.store_num = u.n), 0) ORDER BY u.i) \
             FROM unnest(s.on_hand, s.store_nums) WITH ORDINALITY AS u(q, n, i)) \
         WHERE s.blain_number IN (SELECT r.blain_number FROM stock_reservations r \
             WHERE r.store_num <> 0 AND r.blain_number = ANY($1))",
    )
    .bind(blains)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The events a batch writes set-based; every other event is applied on its own, in order.
enum Batched {
    Product(Box<ProductData>, Option<chrono::DateTime<chrono::Utc>>),
    Report(Report),
}

fn batched(e: &StoredEvent) -> Result<Option<Batched>, ProjectionError> {
    Ok(match e.aggregate_type.as_str() {
        t if t == Product::TYPE => match e.typed::<ProductEvent>()? {
            ProductEvent::ProductUpserted(p) => Some(Batched::Product(p, e.recorded_at)),
            _ => None,
        },
        t if t == Inventory::TYPE => match e.typed::<InventoryEvent>()? {
            InventoryEvent::InventoryReported {
                blain_number,
                ecom_on_hand,
                stores,
            } => Some(Batched::Report(Report {
                blain_number,
                ecom_on_hand,
                stores,
            })),
            _ => None,
        },
        _ => None,
    })
}

/// Applies a batch: runs of product upserts and of inventory reports are written with one
/// statement per table; any other event first writes what is pending, then applies alone, so
/// each row sees its events in order.
async fn apply_batch(
    conn: &mut PgConnection,
    events: &[StoredEvent],
) -> Result<(), ProjectionError> {
    let mut products = Vec::new();
    let mut reports = Vec::new();
    for e in events {
        match batched(e)? {
            Some(Batched::Product(p, at)) => products.push((*p, at)),
            Some(Batched::Report(r)) => reports.push(r),
            None => {
                upsert_products(conn, &std::mem::take(&mut products)).await?;
                replace_inventory(conn, std::mem::take(&mut reports)).await?;
                apply_event(conn, e).await?;
            }
        }
    }
    upsert_products(conn, &products).await?;
    replace_inventory(conn, reports).await?;
    // The header's menu, links and messages changed: query processes rebuild them (delivered
    // when this transaction commits).
    if events
        .iter()
        .any(|e| HEADER_TYPES.contains(&e.aggregate_type.as_str()))
    {
        sqlx::query("SELECT pg_notify($1, '')")
            .bind(HEADER_CHANNEL)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The aggregates the header and the store directory show (departments, site messages, header
/// links, stores).
const HEADER_TYPES: [&str; 4] = [
    Department::TYPE,
    SiteMessage::TYPE,
    SiteContent::TYPE,
    Store::TYPE,
];

/// The notification channel of header changes (`query::shopping::header::HEADER_CHANNEL`).
pub const HEADER_CHANNEL: &str = "storefront_header";

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

pub struct CatalogProjection;

#[async_trait::async_trait]
impl Projection for CatalogProjection {
    fn name(&self) -> &'static str {
        PROJECTION
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &AGGREGATE_TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        event: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        apply_event(conn, event).await
    }
    async fn apply_many(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
    ) -> Result<(), ProjectionError> {
        apply_batch(conn, events).await
    }
}

/// Catches the catalog read models up from the event store.
pub async fn catch_up(
    pool: &sqlx::PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    crate::engine::catch_up(&CatalogProjection, pool, chunk, on_progress).await
}

/// Rebuilds the catalog read models from the event store.
pub async fn rebuild(
    pool: &sqlx::PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    crate::engine::rebuild(&CatalogProjection, pool, chunk, on_progress).await
}

/// Applies catalog events (duplicates and gaps handled).
pub async fn apply(
    pool: &sqlx::PgPool,
    events: Vec<StoredEvent>,
) -> Result<usize, ProjectionError> {
    crate::engine::apply(&CatalogProjection, pool, events).await
}

/// The catalog projection applied by the writer, in the appending transaction (locked and
/// progress-checked like any other writer, so the consumer then skips these events; a batch of
/// aggregates' first events needs no per-aggregate lock: `engine::apply_appended`). The seed
/// uses it: the read models are current when the last batch commits.
pub struct ProjectWhileWriting;

#[async_trait::async_trait]
impl command::eventstore::InlineProjection for ProjectWhileWriting {
    async fn apply(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        crate::engine::apply_appended(&CatalogProjection, conn, events.to_vec())
            .await
            .map_err(crate::engine::into_sqlx)?;
        Ok(())
    }
}
