//! `storefront seed`: writes the demo catalog through the event store (as commands, batch by
//! batch), projecting the catalog read models in each batch's transaction.

use chrono::{DateTime, Utc};
use command::catalog::*;
use command::eventstore::{self, BatchOutcome, InlineProjection};
use cqrs_es::Aggregate;
use sqlx::PgPool;

use crate::progress::Progress;
use crate::seed;

/// Products per write transaction.
pub const BATCH: usize = 1000;

/// Batches written at once. Each is two transactions (products, inventory) on connections of
/// their own, so PostgreSQL writes one batch while the next is decided and encoded.
pub const IN_FLIGHT: usize = 2;

/// Connections the seed uses.
pub const CONNECTIONS: u32 = 2 * IN_FLIGHT as u32;

/// Every batch projects the catalog read models as it is written.
const CATALOG: Option<&dyn InlineProjection> = Some(&projections::catalog::ProjectWhileWriting);

#[derive(Debug)]
pub struct SeedSummary {
    pub products: usize,
    pub departments: usize,
    pub stores: usize,
    pub events_written: usize,
    pub checksum: String,
}

/// Whether a catalog was already written (any product in the event store).
pub async fn catalog_exists(pool: &PgPool) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = $1)")
        .bind(Product::TYPE)
        .fetch_one(pool)
        .await
}

fn written<A: Aggregate>(outcomes: Vec<BatchOutcome<A>>) -> anyhow::Result<usize> {
    let mut total = 0;
    for outcome in outcomes {
        total += outcome.map_err(|e| anyhow::anyhow!("the demo catalog was refused: {e}"))?;
    }
    Ok(total)
}

pub async fn seed(
    pool: &PgPool,
    products: usize,
    reference: DateTime<Utc>,
) -> anyhow::Result<SeedSummary> {
    let catalog = seed::static_catalog(reference);
    let mut events = 0;
    // Into an empty catalog no aggregate has events yet: nothing is loaded before deciding (an
    // id taken meanwhile conflicts on append and that batch is retried the loading way).
    let fresh = !catalog_exists(pool).await?;

    let departments = catalog
        .departments
        .iter()
        .map(|d| (d.id.to_string(), DepartmentCommand::Upsert(d.clone())))
        .collect();
    events += written::<Department>(
        eventstore::run::<Department>(pool, &())
            .commands(departments)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch()
            .await?,
    )?;
    let stores = catalog
        .stores
        .iter()
        .map(|s| {
            (
                s.store_num.to_string(),
                StoreCommand::Upsert(Box::new(s.clone())),
            )
        })
        .collect();
    events += written::<Store>(
        eventstore::run::<Store>(pool, &())
            .commands(stores)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch()
            .await?,
    )?;
    let messages = catalog
        .site_messages
        .iter()
        .map(|m| (m.id.clone(), SiteMessageCommand::Publish(m.clone())))
        .collect();
    events += written::<SiteMessage>(
        eventstore::run::<SiteMessage>(pool, &())
            .commands(messages)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch()
            .await?,
    )?;
    let content = vec![
        (
            SITE_CONTENT_ID.to_string(),
            SiteContentCommand::SetHeaderLinks(catalog.header_links.clone()),
        ),
        (
            SITE_CONTENT_ID.to_string(),
            SiteContentCommand::SetMegaMenuAd(catalog.mega_menu_ad.clone()),
        ),
        (
            SITE_CONTENT_ID.to_string(),
            SiteContentCommand::SetSponsoredAd(catalog.sponsored_ad.clone()),
        ),
        (
            SITE_CONTENT_ID.to_string(),
            SiteContentCommand::SetHomeHero(catalog.home_hero.clone()),
        ),
    ];
    events += written::<SiteContent>(
        eventstore::run::<SiteContent>(pool, &())
            .commands(content)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch()
            .await?,
    )?;

    let progress = std::sync::Arc::new(Progress::new("products", products as u64));
    // Generation (and the checksum over it) runs on a blocking thread a batch or two ahead of
    // the writes; IN_FLIGHT batches are written at once, each batch's products and inventory
    // concurrently (independent aggregates, a connection each).
    let (sender, mut batches) = tokio::sync::mpsc::channel::<Vec<seed::SeedProduct>>(2);
    let stores = catalog.stores.clone();
    let mut sum = seed::Checksum::new(&catalog);
    let generator = tokio::task::spawn_blocking(move || {
        let mut generated = seed::products(products, &stores, reference).peekable();
        while generated.peek().is_some() {
            let chunk: Vec<seed::SeedProduct> = generated.by_ref().take(BATCH).collect();
            chunk.iter().for_each(|item| sum.add(item));
            if sender.blocking_send(chunk).is_err() {
                break;
            }
        }
        sum.finish()
    });
    let mut writing = tokio::task::JoinSet::new();
    while let Some(chunk) = batches.recv().await {
        if writing.len() >= IN_FLIGHT {
            if let Some(done) = writing.join_next().await {
                events += done??;
            }
        }
        writing.spawn(write_chunk(pool.clone(), chunk, fresh, progress.clone()));
    }
    while let Some(done) = writing.join_next().await {
        events += done??;
    }
    progress.finish();
    let checksum = generator.await?;
    Ok(SeedSummary {
        products,
        departments: catalog.departments.len(),
        stores: catalog.stores.len(),
        events_written: events,
        checksum,
    })
}

/// Writes one batch of products and their inventory (two transactions at once); answers the
/// events written.
async fn write_chunk(
    pool: PgPool,
    chunk: Vec<seed::SeedProduct>,
    fresh: bool,
    progress: std::sync::Arc<Progress>,
) -> anyhow::Result<usize> {
    let mut product_commands = Vec::with_capacity(chunk.len());
    let mut inventory_commands = Vec::with_capacity(chunk.len());
    for item in chunk {
        let id = item.product.blain_number.clone();
        inventory_commands.push((
            id.clone(),
            InventoryCommand::Report {
                blain_number: id.clone(),
                ecom_on_hand: item.ecom_on_hand,
                stores: item.stores,
            },
        ));
        product_commands.push((id, ProductCommand::Upsert(Box::new(item.product))));
    }
    let n = product_commands.len() as u64;
    let (written_products, written_inventory) = tokio::try_join!(
        eventstore::run::<Product>(&pool, &())
            .commands(product_commands)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch(),
        eventstore::run::<Inventory>(&pool, &())
            .commands(inventory_commands)
            .inline(CATALOG)
            .new_aggregates(fresh)
            .batch(),
    )?;
    let events = written::<Product>(written_products)? + written::<Inventory>(written_inventory)?;
    progress.inc(n);
    Ok(events)
}

/// Brings the catalog read models up to date from the event store, with progress.
pub async fn catch_up(pool: &PgPool) -> anyhow::Result<u64> {
    let progress = Progress::new("read models", 0);
    let applied = projections::catalog::catch_up(pool, 2000, &|done, total| {
        progress.set_total(total);
        progress.set(done);
    })
    .await?;
    progress.finish();
    Ok(applied)
}

/// The demo's rewards members who joined at a register in a store (no customer account), with
/// some sales, so a person can try connecting one (README, "Rewards"): their phone numbers,
/// emails and sales. Seeding again finds the phones taken and records no sale twice.
pub const DEMO_MEMBERS: [(&str, Option<&str>); 3] = [
    ("5552010001", Some("pat.instore@example.com")),
    ("5552010002", None),
    ("5552010003", Some("sam.instore@example.com")),
];

/// Enrols [`DEMO_MEMBERS`] (in store) and records their sales: one old enough for its points to
/// be available, one still in its return window. Needs the privacy keys (contact details are
/// sealed); answers how many members were made.
pub async fn rewards_members(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    use command::rewards::ledger::SaleLine;
    use command::rewards::local::LocalProvider;
    use command::rewards::member::JoinedAt;
    use command::rewards::points::Points;
    use command::rewards::provider::{Enrolled, Enrolment, RewardsProvider};

    let sealer: command::privacy::vault::SealerRef =
        std::sync::Arc::new(command::privacy::vault::PgSealer { pool: pool.clone() });
    let inline = projections::registry::InlineShopping;
    let provider = LocalProvider {
        pool: pool.clone(),
        sealer: sealer.clone(),
        inline: std::sync::Arc::new(projections::registry::InlineShopping),
    };
    let points = Points {
        pool,
        sealer: &sealer,
        inline: &inline,
        return_window: chrono::Duration::days(command::rewards::ledger::DEFAULT_RETURN_WINDOW_DAYS),
    };
    let mut made = 0;
    for (n, (phone, email)) in DEMO_MEMBERS.iter().enumerate() {
        let enrolment = Enrolment {
            phone: phone.to_string(),
            email: email.map(str::to_string),
            customer_id: None,
            joined_at: JoinedAt::InStore,
            now: now - chrono::Duration::days(400),
        };
        let member = match provider.enrol(enrolment).await? {
            Enrolled::Created(member) => {
                made += 1;
                member
            }
            Enrolled::PhoneTaken(member) => member,
        };
        let line = |id: &str, cents: i64| SaleLine {
            line: id.to_string(),
            cents,
            gift_card: false,
        };
        let sales = [
            (
                format!("S{:03}-1001", n + 1),
                vec![line("1", 189_999), line("2", 64_850)],
                now - chrono::Duration::days(60),
            ),
            (
                format!("S{:03}-1002", n + 1),
                vec![line("1", 8_417)],
                now - chrono::Duration::days(5),
            ),
        ];
        for (order, lines, at) in sales {
            if let Err(e) = points
                .record_sale(&member.rewards_number, &order, lines, at)
                .await?
            {
                anyhow::bail!("a demo sale was refused: {e}");
            }
        }
        points
            .issue_gift_cards(&member.rewards_number, now)
            .await?
            .map_err(|e| anyhow::anyhow!("gift cards: {e}"))?;
    }
    Ok(made)
}

/// The synonym rule set's first version: the starter list (`search-indexer/synonyms.txt`),
/// once. Answers how many rules it published, or none when the set already had a version.
pub async fn synonym_rules(pool: &PgPool) -> anyhow::Result<Option<usize>> {
    use command::merch::synonyms::{starter_rules, SynonymCommand, SynonymSet, SYNONYM_SET};
    let rules = starter_rules(search_indexer::synonyms::STARTER_LIST);
    let metadata = serde_json::json!({ "staffId": "storefront migrate" });
    let executed = eventstore::run::<SynonymSet>(pool, &())
        .command(SYNONYM_SET, SynonymCommand::Seed { rules })
        .inline(Some(&projections::registry::InlineShopping))
        .metadata(&metadata)
        .executed()
        .await?;
    let appended = executed
        .outcome
        .map_err(|e| anyhow::anyhow!("the synonym rules: {e}"))?;
    Ok((appended > 0).then(|| executed.aggregate.published().len()))
}
