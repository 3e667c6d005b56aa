//! Setting up and filling the database: `migrate`, `seed` and `import`.

use std::path::Path;
use std::process::ExitCode;

use super::Options;
use crate::{config, importer, seeding, zips};

/// Applies the migrations, loads the ZIP centroids and, once, the starter synonym rules.
pub async fn migrate(options: &Options) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    command::eventstore::MIGRATOR.run(&pool).await?;
    let zips = zips::load(&pool).await?;
    println!("migrations applied; {zips} ZIP centroids loaded");
    if let Some(rules) = seeding::synonym_rules(&pool).await? {
        println!("the search's synonym rules: version 1, {rules} rules from the starter list");
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the demo catalog of `products` products (nothing when one exists and `if_empty`).
pub async fn seed(options: &Options, products: usize, if_empty: bool) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, seeding::CONNECTIONS).await?;
    if seeding::catalog_exists(&pool).await? {
        if if_empty {
            println!("a catalog already exists; nothing seeded");
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!("a catalog already exists; seeding again updates what changed");
    }
    let s = seeding::seed(&pool, products, chrono::Utc::now()).await?;
    println!(
        "seeded {} products, {} departments, {} stores ({} events); checksum {}",
        s.products, s.departments, s.stores, s.events_written, s.checksum
    );
    if command::privacy::keys().is_ok() {
        let members = seeding::rewards_members(&pool, chrono::Utc::now()).await?;
        println!(
            "seeded {members} rewards members who joined in store (phones (555) 201-0001 to -0003)"
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Loads a catalog file; exit 3 when it had rejected records.
pub async fn import(options: &Options, file: &Path) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 4).await?;
    let report = importer::import_file(&pool, file).await?;
    for rejected in &report.rejected {
        eprintln!("{rejected}");
    }
    println!("{}", report.summary());
    if !report.rejected.is_empty() {
        return Ok(ExitCode::from(3));
    }
    Ok(ExitCode::SUCCESS)
}
