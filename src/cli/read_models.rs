//! Read-model maintenance: `projections rebuild`, `projections verify` and `reindex`.

use std::path::Path;
use std::process::ExitCode;

use super::{Options, ProjectionsAction};
use crate::config;

/// `projections rebuild` or `projections verify`.
pub async fn run(options: &Options, action: ProjectionsAction) -> anyhow::Result<ExitCode> {
    match action {
        ProjectionsAction::Rebuild { online } => rebuild(options, online).await,
        ProjectionsAction::Verify => verify(options).await,
    }
}

/// Rebuilds every read model from the event store (beside the live tables when `online`).
async fn rebuild(options: &Options, online: bool) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    for projection in projections::engine::all() {
        let progress = crate::progress::Progress::new(projection.name(), 0);
        let report = |done, total| {
            progress.set_total(total);
            progress.set(done);
        };
        let applied = if online {
            projections::verify::rebuild_online(projection, &pool, &report).await?
        } else {
            projections::engine::rebuild(projection, &pool, 2000, &report).await?
        };
        progress.finish();
        println!(
            "{} read models rebuilt from {applied} events{}",
            projection.name(),
            if online { " and swapped in" } else { "" }
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Compares every read model with a rebuild of it; exit 1 on a difference.
async fn verify(options: &Options) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    let mut differs = false;
    for projection in projections::engine::all() {
        let progress = crate::progress::Progress::new(projection.name(), 0);
        let verification = projections::verify::verify(projection, &pool, &|done, total| {
            progress.set_total(total);
            progress.set(done);
        })
        .await?;
        progress.finish();
        print!("{}", verification.report());
        differs |= verification.differs();
    }
    if differs {
        println!("the read models differ from a rebuild of the event store");
        return Ok(ExitCode::FAILURE);
    }
    println!("every read model equals a rebuild of the event store");
    Ok(ExitCode::SUCCESS)
}

/// Builds a fresh search index in `index_dir` and makes it current.
pub async fn reindex(options: &Options, index_dir: &Path) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    let progress = crate::progress::Progress::new("search index", 0);
    let started = std::time::Instant::now();
    let (products, path) =
        search_indexer::SearchEngine::build_in_dir(index_dir, &pool, &|done, total| {
            progress.set_total(total);
            progress.set(done);
        })
        .await?;
    progress.finish();
    let bytes = dir_size(&path);
    println!(
        "search index built: {products} products in {:.1} s, {:.1} MB, now current in {}",
        started.elapsed().as_secs_f64(),
        bytes as f64 / 1e6,
        index_dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Bytes of the files in a directory (one level: an index generation).
fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}
