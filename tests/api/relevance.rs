//! Relevance is measured, not assumed: NDCG@10 over the checked-in judgement list
//! (`search-indexer/relevance/judgements.json`: shopper queries on the demo catalog's first
//! 2,000 products with graded relevant products). Fails below the recorded baseline, so a
//! ranking change that hurts shoppers is caught; prints the figure and the weakest queries.

use std::collections::HashMap;

use crate::common::*;
use search_indexer::search::SearchQuery;
use serde::Deserialize;

#[derive(Deserialize)]
struct Judgement {
    query: String,
    grades: HashMap<String, u32>,
}

#[derive(Deserialize)]
struct Judgements {
    baseline: Option<f64>,
    judgements: Vec<Judgement>,
}

fn dcg(grades: impl Iterator<Item = u32>) -> f64 {
    grades
        .take(10)
        .enumerate()
        .map(|(i, g)| (2f64.powi(g as i32) - 1.0) / ((i + 2) as f64).log2())
        .sum()
}

#[tokio::test]
async fn ndcg_at_10_on_the_judgement_list_stays_above_its_baseline() {
    let list: Judgements = serde_json::from_str(include_str!(
        "../../search-indexer/relevance/judgements.json"
    ))
    .expect("judgements.json");
    assert!(
        list.judgements.len() >= 50,
        "{} queries",
        list.judgements.len()
    );
    let env = spawn_env().await;
    use chrono::TimeZone;
    storefront::zips::load(&env.pool).await.unwrap();
    let reference = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    storefront::seeding::seed(&env.pool, 2000, reference)
        .await
        .unwrap();
    let engine = search_indexer::SearchEngine::in_memory();
    engine.reindex(&env.pool, &|_, _| {}).await.unwrap();

    let mut scores = Vec::new();
    for j in &list.judgements {
        let hits = engine
            .search(&SearchQuery {
                keyword: Some(j.query.clone()),
                limit: 10,
                ..SearchQuery::default()
            })
            .unwrap();
        let got = dcg(hits
            .ids
            .iter()
            .map(|id| j.grades.get(id).copied().unwrap_or(0)));
        let mut ideal: Vec<u32> = j.grades.values().copied().collect();
        ideal.sort_unstable_by(|a, b| b.cmp(a));
        let best = dcg(ideal.into_iter());
        scores.push((
            j.query.as_str(),
            if best > 0.0 {
                (got / best).max(0.0)
            } else {
                0.0
            },
        ));
    }
    let mean = scores.iter().map(|(_, s)| s).sum::<f64>() / scores.len() as f64;
    scores.sort_by(|a, b| a.1.total_cmp(&b.1));
    println!("NDCG@10 over {} queries: {mean:.4}", scores.len());
    for (query, score) in scores.iter().take(8) {
        println!("  weakest: {query:<20} {score:.3}");
    }
    let baseline = list.baseline.expect("judgements.json records a baseline");
    assert!(
        mean >= baseline,
        "NDCG@10 {mean:.4} fell below the recorded baseline {baseline:.4}"
    );
}
