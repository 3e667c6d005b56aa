//! The catalog projection: catalog events → Postgres read models (departments, products,
//! stores, inventory, site messages, header links, mega-menu ad). Ordering, idempotence and
//! rebuilds come from [`crate::engine`].

use command::catalog::*;
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{json, text as name, Projection};
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
pub const TABLES: [&str; 8] = [
    "departments",
    "products",
    "stores",
    "store_inventory",
    "ecom_inventory",
    "site_messages",
    "header_links",
    "mega_menu_ad",
];

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
            ProductEvent::ProductUpserted(p) => upsert_product(conn, &p).await?,
            ProductEvent::ProductDiscontinued { blain_number } => {
                sqlx::query("UPDATE products SET discontinued = true WHERE blain_number = $1")
                    .bind(blain_number)
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
