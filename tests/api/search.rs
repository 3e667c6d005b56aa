//! Site search on the index, on a small fixed catalog written through the catalog commands:
//! exact results for keywords, facet drill-down, multi-select counts, ranges at their bounds,
//! every sort, paging edges, product numbers, availability at the visitor's store, and bad
//! URLs; a command's change reaching search through the broker; a reindex during searches.

use std::sync::Arc;
use std::time::Duration;

use crate::common;
use crate::common::*;
use command::catalog::*;
use command::eventstore;
use serde_json::Value;

use crate::common::search_catalog::*;

async fn search(c: &mut Client, query: &str) -> Value {
    let a = c.get(&format!("/api/search?{query}")).await;
    assert_eq!(a.status, 200, "{query}: {}", a.body);
    a.json()
}

fn ids(answer: &Value) -> Vec<String> {
    answer["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["blainNumber"].as_str().unwrap().to_string())
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn facet<'a>(answer: &'a Value, name: &str) -> &'a Value {
    answer["facets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no facet {name}: {}", answer["facets"]))
}

fn counts(answer: &Value, name: &str) -> Vec<(String, u64)> {
    facet(answer, name)["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["value"].as_str().unwrap().to_string(),
                v["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn keywords_find_exactly_the_matching_products() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    assert_eq!(engine.len(), 13, "the discontinued product is not indexed");

    let a = search(&mut c, "keyword=rope").await;
    assert_eq!(
        ids(&a),
        vec!["800001"],
        "the discontinued halter is never found"
    );
    assert_eq!(a["total"], 1);
    // Stemming: 'wires' finds 'Wire'; every word must match.
    let a = search(&mut c, "keyword=wires").await;
    assert_eq!(sorted(ids(&a)), vec!["800002", "800003"]);
    assert_eq!(
        ids(&search(&mut c, "keyword=barbed+wire").await),
        vec!["800003"]
    );
    // operator=or: any word.
    let a = search(&mut c, "keyword=barbed+charger&operator=or").await;
    assert_eq!(sorted(ids(&a)), vec!["800003", "800004"]);
    // The department names are searchable: 'fencing' (stemmed to 'fenc') finds the whole
    // Fencing department and the products named 'Fence'.
    let a = search(&mut c, "keyword=fencing").await;
    assert_eq!(
        sorted(ids(&a)),
        vec!["800002", "800003", "800004", "800006"]
    );
    // A brand.
    let a = search(&mut c, "keyword=behlen").await;
    assert_eq!(sorted(ids(&a)), vec!["800005", "800006"]);
    // A tire size matches only that size.
    let a = search(&mut c, "keyword=225%2F65R17").await;
    assert_eq!(sorted(ids(&a)), vec!["800007", "800008"]);
    // A product number, punctuation ignored, comes first.
    let a = search(&mut c, "keyword=800-009").await;
    assert_eq!(ids(&a).first().map(String::as_str), Some("800009"));
    // Nothing matches.
    let a = search(&mut c, "keyword=zzzz").await;
    assert_eq!(a["total"], 0);
    assert_eq!(ids(&a), Vec::<String>::new());
    // Odd text never fails.
    for odd in ["%22", "(", "AND", "a:b", "-", "*", "%5C"] {
        search(&mut c, &format!("keyword={odd}")).await;
    }
    // Long keywords are cut at 150 characters.
    let long = "rope+".repeat(60);
    let a = search(&mut c, &format!("keyword={long}")).await;
    assert_eq!(a["keyword"].as_str().unwrap().chars().count(), 150);
}

#[tokio::test]
async fn typos_synonyms_and_numbers() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    // One typo in a word of up to 7 letters, two above; the exact word ranks first.
    assert_eq!(ids(&search(&mut c, "keyword=chargr").await), vec!["800004"]);
    assert_eq!(
        ids(&search(&mut c, "keyword=galvanzied+tank").await),
        vec!["800005"]
    );
    assert_eq!(
        ids(&search(&mut c, "keyword=elctric+charger").await),
        vec!["800004"]
    );
    // Short words must be right: 'rop' is not 'rope'.
    assert_eq!(search(&mut c, "keyword=rop").await["total"], 0);
    // Synonyms: 'tyre' is searched as 'tire' too.
    let a = search(&mut c, "keyword=winter+tyre").await;
    assert_eq!(ids(&a), vec!["800008"]);
    // Too far for typo tolerance, near enough for a suggestion.
    let a = search(&mut c, "keyword=chraegr").await;
    assert_eq!(a["total"], 0);
    assert_eq!(a["didYouMean"], "charger");
    let a = search(&mut c, "keyword=zzzzzz").await;
    assert_eq!(a["didYouMean"], Value::Null, "nothing near: no suggestion");
    // Numbers match exactly: XYZ-123 never finds XYZ-223; a size never finds another size.
    assert_eq!(
        ids(&search(&mut c, "keyword=XYZ-123").await),
        vec!["800013"]
    );
    assert_eq!(
        ids(&search(&mut c, "keyword=xyz+223").await),
        vec!["800014"]
    );
    assert_eq!(search(&mut c, "keyword=225%2F65R18").await["total"], 0);
}

#[tokio::test]
async fn autocomplete_from_the_index() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = c.get("/s/a/autocomplete?keyword=batt").await.json();
    assert_eq!(a["count"], 2, "{a}");
    let names: Vec<&str> = a["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.iter().all(|n| n.contains("Battery")), "{names:?}");
    let categories: Vec<&str> = a["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["html"].as_str().unwrap())
        .collect();
    assert_eq!(categories, vec!["<strong>Batt</strong>eries"]);
    // Every word typed, the last one as a prefix; names that start with it first.
    let a = c.get("/s/a/autocomplete?keyword=all+seas").await.json();
    assert_eq!(a["count"], 2, "{a}");
    // Brands with a word starting as typed.
    let a = c.get("/s/a/autocomplete?keyword=inter").await.json();
    let brands: Vec<&str> = a["brands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["html"].as_str().unwrap())
        .collect();
    assert_eq!(brands, vec!["<strong>Inter</strong>state"]);
    // A discontinued product is never suggested.
    let a = c.get("/s/a/autocomplete?keyword=halt").await.json();
    assert_eq!(a["count"], 0, "{a}");
}

#[tokio::test]
async fn department_listings_drill_down_and_parents_match_children() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = search(&mut c, "lp=1").await;
    assert_eq!(
        a["total"], 6,
        "Farm & Ranch and its children, not the discontinued one"
    );
    assert_eq!(a["landing"]["name"], "Farm & Ranch");
    assert_eq!(
        counts(&a, "department"),
        vec![("101".into(), 4), ("102".into(), 2)]
    );
    // By URL too.
    let b = search(&mut c, "lp=%2Ffarm-ranch%2F").await;
    assert_eq!(b["total"], 6);
    // Drill down: Fencing's four.
    let a = search(&mut c, "lp=1&department=101").await;
    assert_eq!(
        sorted(ids(&a)),
        vec!["800002", "800003", "800004", "800006"]
    );
    let applied = a["applied"].as_array().unwrap();
    assert_eq!(applied.len(), 1);
    assert_eq!(applied[0]["valueLabel"], "Fencing");
    // Without a landing page, the department facet lists the top level.
    let a = search(&mut c, "").await;
    assert_eq!(a["total"], 13);
    assert_eq!(
        counts(&a, "department"),
        vec![("1".into(), 6), ("2".into(), 5), ("3".into(), 2)]
    );
    // An unknown landing page is a 404 in the one error shape.
    let a = c.get("/api/search?lp=99999").await;
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["message"], "Department not found.");
}

#[tokio::test]
async fn facet_counts_are_multi_select() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = search(&mut c, "lp=201").await;
    assert_eq!(
        counts(&a, "season"),
        vec![("All Season".into(), 2), ("Winter".into(), 1)]
    );
    assert_eq!(
        counts(&a, "tire-size"),
        vec![("225/65R17".into(), 2), ("205/55R16".into(), 1)]
    );
    assert_eq!(
        counts(&a, "brand"),
        vec![("Cooper".into(), 2), ("Firestone".into(), 1)]
    );

    let a = search(&mut c, "lp=201&season=Winter").await;
    assert_eq!(ids(&a), vec!["800008"]);
    // The season facet keeps its other values (its own selection does not shrink it) …
    assert_eq!(
        counts(&a, "season"),
        vec![("All Season".into(), 2), ("Winter".into(), 1)]
    );
    // … while the other facets count within the selection.
    assert_eq!(counts(&a, "brand"), vec![("Firestone".into(), 1)]);
    assert_eq!(counts(&a, "tire-size"), vec![("225/65R17".into(), 1)]);

    // Two values of one facet: either.
    let a = search(&mut c, "lp=201&season=Winter,All+Season&brand=Cooper").await;
    assert_eq!(sorted(ids(&a)), vec!["800007", "800009"]);
    assert_eq!(
        counts(&a, "brand"),
        vec![("Cooper".into(), 2), ("Firestone".into(), 1)]
    );
    let selected: Vec<&Value> = facet(&a, "season")["values"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["selected"] == true)
        .collect();
    assert_eq!(selected.len(), 2);
    // A facet the index does not know is ignored.
    assert_eq!(search(&mut c, "lp=201&colour=Red").await["total"], 3);
}

/// A query's total and facets are counted once per version of the index and kept for its
/// other pages and sorts; a change to the index shows in the very next answer's counts.
#[tokio::test]
async fn facet_counts_hold_across_pages_and_sorts_and_follow_index_changes() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    let first = search(&mut c, "lp=201").await;
    assert_eq!(
        counts(&first, "brand"),
        vec![("Cooper".into(), 2), ("Firestone".into(), 1)]
    );
    let mut pages = vec![];
    for q in [
        "lp=201&sort=price-asc&mpp=1",
        "lp=201&sort=price-asc&mpp=1&pg=2",
        "lp=201&sort=price-desc&mpp=1",
    ] {
        let a = search(&mut c, q).await;
        assert_eq!(a["facets"], first["facets"], "{q}");
        assert_eq!(a["total"], 3, "{q}");
        pages.push(ids(&a));
    }
    // Each page and sort still has its own items: 800009 is the cheapest, 800008 the dearest.
    assert_eq!(pages, vec![vec!["800009"], vec!["800007"], vec!["800008"]]);

    // The cheaper Cooper tire becomes a Firestone.
    let fixture = PRODUCTS.iter().find(|f| f.0 == "800009").unwrap();
    let mut p = product_data(fixture);
    p.vendor_brand = "Firestone".into();
    eventstore::run::<Product>(&env.pool, &())
        .commands(vec![(
            p.blain_number.clone(),
            ProductCommand::Upsert(Box::new(p)),
        )])
        .batch()
        .await
        .unwrap();
    catch_up_all(&env).await;
    engine
        .update(&env.pool, &["800009".to_string()])
        .await
        .unwrap();
    for q in ["lp=201", "lp=201&sort=price-asc&mpp=1&pg=2"] {
        let a = search(&mut c, q).await;
        assert_eq!(
            counts(&a, "brand"),
            vec![("Firestone".into(), 2), ("Cooper".into(), 1)],
            "{q}"
        );
    }
}

#[tokio::test]
async fn price_ranges_include_their_bounds() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = search(&mut c, "lp=2").await;
    let price = facet(&a, "price");
    assert_eq!(price["min"], 119.99);
    assert_eq!(price["max"], 179.99);
    let a = search(&mut c, "lp=2&price=119.99,149.99").await;
    assert_eq!(sorted(ids(&a)), vec!["800007", "800009"]);
    // The price facet's bounds ignore its own selection.
    assert_eq!(facet(&a, "price")["min"], 119.99);
    assert_eq!(facet(&a, "price")["max"], 179.99);
    let a = search(&mut c, "lp=2&price=150,159.99").await;
    assert_eq!(ids(&a), vec!["800011"]);
    // A range at the facet's bounds is left out of the canonical query.
    let a = search(&mut c, "lp=2&price=119.99,179.99").await;
    assert_eq!(a["total"], 5);
    assert_eq!(a["query"], "lp=2");
    // Reversed ends are read in order; words are refused.
    let a = search(&mut c, "lp=2&price=159.99,150").await;
    assert_eq!(ids(&a), vec!["800011"]);
    assert_eq!(a["query"], "lp=2&price=150,159.99");
    let a = c.get("/api/search?price=a,b").await;
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["code"], "InvalidSearch");
    // Huge, infinite or not-a-number ends are refused, never a negative label or a 301-digit
    // canonical query.
    for range in [
        "1e20,1e21",
        "0,1e308",
        "-1e20,5",
        "0,inf",
        "NaN,5",
        "0,10000001",
    ] {
        let a = c
            .get(&format!("/api/search?keyword=rope&price={range}"))
            .await;
        assert_eq!(a.status, 400, "{range}: {}", a.body);
        assert_eq!(a.json()["code"], "InvalidSearch", "{range}");
    }
    let a = c.get("/api/search?keyword=rope&price=1e20,1e21").await;
    assert_eq!(
        a.json()["message"],
        "The range 'price' must lie between -10000000 and 10000000."
    );
    let a = c.get("/api/search?lp=2&price=0,10000000").await;
    assert_eq!(a.status, 200, "the widest range is read: {}", a.body);
}

#[tokio::test]
async fn search_within_narrows_the_results_and_keeps_the_keyword() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let wire = sorted(ids(&search(&mut c, "keyword=wire").await));
    assert_eq!(wire, vec!["800002", "800003"]);
    let a = search(&mut c, "keyword=wire&searchWithin=barbed").await;
    assert_eq!(ids(&a), vec!["800003"]);
    // The page still searched for 'wire'; the narrowing travels in the URL.
    assert_eq!(a["keyword"], "wire");
    assert!(
        a["query"].as_str().unwrap().contains("searchWithin=barbed"),
        "{}",
        a["query"]
    );
    // Blank words narrow nothing.
    assert_eq!(
        sorted(ids(&search(&mut c, "keyword=wire&searchWithin=+").await)),
        wire
    );
}

#[tokio::test]
async fn every_sort_and_the_paging_edges() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let by_price = vec!["800009", "800007", "800011", "800008", "800010"];
    assert_eq!(ids(&search(&mut c, "lp=2&sort=price-asc").await), by_price);
    let mut reversed = by_price.clone();
    reversed.reverse();
    // 800011 and 800005 share nothing here; descending is the exact reverse.
    assert_eq!(ids(&search(&mut c, "lp=2&sort=price-desc").await), reversed);
    assert_eq!(
        ids(&search(&mut c, "lp=2&sort=name").await),
        vec!["800009", "800007", "800010", "800011", "800008"]
    );
    // Top rated: the average, then the number of reviews; unrated last.
    assert_eq!(
        ids(&search(&mut c, "lp=2&sort=rating").await),
        vec!["800011", "800007", "800008", "800009", "800010"]
    );
    // Newest first; an unknown day last.
    assert_eq!(
        ids(&search(&mut c, "lp=2&sort=newest").await),
        vec!["800008", "800010", "800007", "800011", "800009"]
    );
    let rated = search(&mut c, "lp=2&sort=rating").await;
    assert_eq!(rated["items"][0]["rating"], 4.9);
    assert_eq!(rated["items"][0]["ratingCount"], 3);
    assert_eq!(rated["items"][0]["introducedOn"], "2023-01-10");
    assert_eq!(rated["items"][4]["rating"], Value::Null);
    assert_eq!(rated["items"][4]["ratingCount"], 0);
    // Relevance without a keyword lists by name.
    assert_eq!(
        ids(&search(&mut c, "lp=2").await),
        vec!["800009", "800007", "800010", "800011", "800008"]
    );
    let brands: Vec<String> = search(&mut c, "lp=2&sort=brand").await["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["vendorBrand"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        brands,
        vec!["Cooper", "Cooper", "Firestone", "Interstate", "Interstate"]
    );
    let a = c.get("/api/search?lp=2&sort=cheapest").await;
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["code"], "InvalidSort");

    // Paging: 5 items, 2 a page.
    let page = |pg: u32| format!("lp=2&sort=price-asc&mpp=2&pg={pg}");
    let a = search(&mut c, &page(1)).await;
    assert_eq!(ids(&a), vec!["800009", "800007"]);
    assert_eq!(a["pageCount"], 3);
    assert_eq!(
        ids(&search(&mut c, &page(2)).await),
        vec!["800011", "800008"]
    );
    let last = search(&mut c, &page(3)).await;
    assert_eq!(ids(&last), vec!["800010"], "the last page holds the rest");
    let beyond = search(&mut c, &page(4)).await;
    assert_eq!(ids(&beyond), Vec::<String>::new());
    assert_eq!(
        beyond["total"], 5,
        "beyond the end: no items, the same total"
    );
    for bad in ["mpp=0", "mpp=121", "pg=0", "pg=x"] {
        let a = c.get(&format!("/api/search?lp=2&{bad}")).await;
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
    }
}

#[tokio::test]
async fn availability_at_the_visitors_store() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    // Without a chosen store only shipping can be counted.
    let a = search(&mut c, "").await;
    assert_eq!(a["storeNum"], Value::Null);
    assert_eq!(counts(&a, "availability"), vec![("ship".into(), 12)]);
    assert_eq!(c.get("/stores/set-json/1").await.json()["success"], true);
    let a = search(&mut c, "").await;
    assert_eq!(a["storeNum"], 1);
    assert_eq!(
        counts(&a, "availability"),
        vec![("store".into(), 3), ("ship".into(), 12)]
    );
    let a = search(&mut c, "availability=store&sort=name").await;
    assert_eq!(ids(&a), vec!["800007", "800001", "800008"]);
    assert!(a["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["storeOnHand"] == 4));
    // The charger is not in the warehouse: it does not ship.
    let a = search(&mut c, "keyword=charger&availability=ship").await;
    assert_eq!(a["total"], 0);
}

#[tokio::test]
async fn a_price_change_by_command_is_searchable_within_a_second() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    let (mut c, engine) = shop(&env).await;
    let relay = projections::relay::Relay::new(
        env.pool.clone(),
        &env.bus,
        projections::relay::RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let relay_stop = stop_rx.clone();
    let relay_task = tokio::spawn(async move { relay.run(relay_stop).await });
    let indexer = tokio::spawn(search_indexer::indexer::run_indexer(
        engine.clone(),
        env.pool.clone(),
        env.bus.clone(),
        env.topic.clone(),
        unique("indexer"),
        stop_rx,
    ));
    // Wait until the indexer has caught up with the catalog's events.
    let mut p = product_data(&PRODUCTS[0]);
    assert!(
        eventually(Duration::from_secs(30), || async {
            count(
                &env.pool,
                "SELECT count(*) FROM outbox WHERE published_at IS NULL",
            )
            .await
                == 0
        })
        .await
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Every product shown once: their summaries are now kept beside the index.
    let price_of = |a: &Value| {
        a["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["blainNumber"] == "800001")
            .map(|i| i["priceCents"].as_i64().unwrap())
    };
    let old_price = price_of(&search(&mut c, "").await).expect("800001 is listed");
    assert_ne!(old_price, 99);

    p.price_cents = 99;
    let started = std::time::Instant::now();
    eventstore::run::<Product>(&env.pool, &())
        .commands(vec![(
            p.blain_number.clone(),
            ProductCommand::Upsert(Box::new(p)),
        )])
        .batch()
        .await
        .unwrap();
    let mut found = false;
    while started.elapsed() < Duration::from_secs(10) {
        let a = search(&mut c, "price=0,1").await;
        if ids(&a) == vec!["800001"] {
            found = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let took = started.elapsed();
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(15), relay_task).await;
    let _ = tokio::time::timeout(Duration::from_secs(15), indexer).await;
    assert!(found, "the new price is searchable");
    println!("searchable {took:?} after the command");
    assert!(took < Duration::from_secs(1), "within 1 s: {took:?}");
    // … and shown: the summary kept from before was forgotten with the index's update.
    assert_eq!(price_of(&search(&mut c, "price=0,1").await), Some(99));
    assert_eq!(price_of(&search(&mut c, "").await), Some(99));
}

#[tokio::test]
async fn a_reindex_during_a_stream_of_searches_answers_every_search() {
    let env = spawn_env().await;
    let (c, engine) = shop(&env).await;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let searcher = {
        let mut c = c.other();
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut answered = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let a = search(&mut c, "lp=2").await;
                assert_eq!(a["total"], 5, "every search answers in full");
                answered += 1;
            }
            answered
        })
    };
    for _ in 0..3 {
        engine.reindex(&env.pool, &|_, _| {}).await.unwrap();
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(searcher.await.unwrap() > 0);
}

#[tokio::test]
async fn a_running_server_follows_a_reindex_made_by_the_cli() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    catalog(&env).await;
    let dir = std::env::temp_dir().join(unique("index"));
    let dir_text = dir.to_string_lossy().to_string();
    let (mut server, addr) = start_server(&env, &[("INDEX_DIR", &dir_text)]).await;
    let total = |query: &'static str| {
        let addr = addr.clone();
        async move {
            let (status, _, body) = http(&addr, "GET", &format!("/api/search?{query}"), &[], "")
                .await
                .unwrap();
            assert_eq!(status, 200, "{body}");
            serde_json::from_str::<Value>(&body).unwrap()["total"]
                .as_u64()
                .unwrap()
        }
    };
    assert!(
        eventually(Duration::from_secs(30), || async { total("").await == 13 }).await,
        "the server built its index at start"
    );
    let first = std::fs::read_to_string(dir.join("current")).unwrap();

    // A read-model change the event stream never carried: only a reindex brings it in.
    sqlx::query("UPDATE products SET name = 'Sisal Rope' WHERE blain_number = '800001'")
        .execute(&env.pool)
        .await
        .unwrap();
    assert_eq!(total("keyword=sisal").await, 0);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_storefront"))
        .args(["reindex"])
        .env("DATABASE_URL", &env.database_url)
        .env("INDEX_DIR", &dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("search index built: 13 products"),
        "{stdout}"
    );
    let second = std::fs::read_to_string(dir.join("current")).unwrap();
    assert_ne!(first, second, "a new generation is current");
    let followed = eventually(Duration::from_secs(15), || async {
        total("keyword=sisal").await == 1
    })
    .await;
    assert_eq!(total("").await, 13, "searches answered in full throughout");
    let (status, _, body) = http(&addr, "GET", "/api/search?keyword=rope", &[], "")
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    let names: std::collections::HashMap<String, String> = serde_json::from_str::<Value>(&body)
        .unwrap()["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["blainNumber"].as_str().unwrap().to_string(),
                i["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let old_removed = eventually(Duration::from_secs(15), || async {
        !dir.join(first.trim()).exists()
    })
    .await;
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(followed, "the server swapped to the CLI's generation");
    assert!(old_removed, "the old generation's files are removed");
    // The products' summaries kept from the old generation went with it.
    assert_eq!(names["800001"], "Sisal Rope", "{names:?}");
}

async fn pin(c: &mut Client, call: &str, body: Value) -> common::Answer {
    let bearer = format!("Bearer {STAFF_TOKEN}");
    c.send_with(
        "POST",
        &format!("/api/merch/{call}"),
        Some("application/json"),
        body.to_string(),
        &[("authorization", bearer.as_str())],
    )
    .await
}

#[tokio::test]
async fn merchandisers_pin_items_to_the_top_in_order() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let natural = ids(&search(&mut c, "keyword=wire").await);
    assert_eq!(natural.len(), 2);

    // Shoppers (no staff token) cannot pin.
    let refused = c
        .post(
            "/api/merch/AddItemToTop",
            serde_json::json!({"itemId": "800003", "keyword": "wire"}),
        )
        .await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    assert_eq!(refused.json()["code"], "Unauthorized");
    assert_eq!(refused.headers["www-authenticate"], "Bearer");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'PinBoard'"
        )
        .await,
        0
    );

    let a = pin(
        &mut c,
        "AddItemToTop",
        serde_json::json!({"itemId": "800003", "keyword": "Wire", "hawkb": "A"}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["pins"], serde_json::json!(["800003"]));
    let page = search(&mut c, "keyword=wire").await;
    assert_eq!(ids(&page), vec!["800003", "800002"]);
    assert_eq!(page["items"][0]["pinned"], true);
    assert_eq!(page["items"][1]["pinned"], false);
    // Who pinned is recorded with the event.
    let metadata: Value =
        sqlx::query_scalar("SELECT metadata::jsonb FROM events WHERE aggregate_type = 'PinBoard'")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(metadata["staffId"], "merch");
    assert_eq!(metadata["hawkb"], "A");

    pin(
        &mut c,
        "AddItemToTop",
        serde_json::json!({"itemId": "800002", "keyword": "wire"}),
    )
    .await;
    assert_eq!(
        ids(&search(&mut c, "keyword=wire").await),
        vec!["800002", "800003"]
    );
    let a = pin(
        &mut c,
        "UpdateItemPinOrder",
        serde_json::json!({"keyword": "wire", "itemList": "800003,800002"}),
    )
    .await;
    assert_eq!(
        a.json()["pins"],
        serde_json::json!(["800003", "800002"]),
        "{}",
        a.body
    );
    assert_eq!(
        ids(&search(&mut c, "keyword=wire").await),
        vec!["800003", "800002"]
    );
    let a = pin(
        &mut c,
        "UpdateItemPinOrder",
        serde_json::json!({"keyword": "wire", "itemList": ["800003"]}),
    )
    .await;
    assert_eq!(a.status, 422, "the whole order is needed: {}", a.body);
    // An order that is not item ids is the wrong shape: refused, the order unchanged.
    let a = pin(
        &mut c,
        "UpdateItemPinOrder",
        serde_json::json!({"keyword": "wire", "itemList": [800002, {"itemId": "800003"}]}),
    )
    .await;
    assert_eq!(a.status, 422, "{}", a.body);
    assert_eq!(a.json()["code"], "InvalidInput");
    assert_eq!(
        ids(&search(&mut c, "keyword=wire").await),
        vec!["800003", "800002"]
    );
    let a = pin(
        &mut c,
        "UnpinItem",
        serde_json::json!({"itemId": "800003", "keyword": "wire"}),
    )
    .await;
    assert_eq!(a.json()["pins"], serde_json::json!(["800002"]));
    let a = pin(
        &mut c,
        "UnpinItem",
        serde_json::json!({"itemId": "800003", "keyword": "wire"}),
    )
    .await;
    assert_eq!(a.status, 404);
    let a = pin(
        &mut c,
        "AddItemToTop",
        serde_json::json!({"itemId": "800003"}),
    )
    .await;
    assert_eq!(a.status, 400);
    assert_eq!(
        a.json()["message"],
        "Please give a keyword or a landing page."
    );
    // Pins hold only for the relevance order.
    let by_price = ids(&search(&mut c, "keyword=wire&sort=price-desc").await);
    assert_eq!(by_price, vec!["800002", "800003"]);
    // A rebuild gives the same pins.
    let v =
        projections::verify::verify(&projections::merch::MerchProjection, &env.pool, &|_, _| {})
            .await
            .unwrap();
    assert!(!v.differs(), "{}", v.report());
}

#[tokio::test]
async fn a_pin_out_of_stock_at_the_shoppers_store_keeps_its_slot_only_if_it_ships() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    // The charger (800004): no stock at store 1 and none in the warehouse; the rope (800001)
    // is at store 1.
    let a = pin(
        &mut c,
        "AddItemToTop",
        serde_json::json!({"itemId": "800004", "lp": "1"}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    pin(
        &mut c,
        "AddItemToTop",
        serde_json::json!({"itemId": "800001", "lp": "1"}),
    )
    .await;
    // Without a chosen store both pins hold, in order, on page 1; paging goes on after them.
    let page1 = search(&mut c, "lp=1&mpp=3").await;
    assert_eq!(ids(&page1)[..2], ["800001", "800004"]);
    let page2 = search(&mut c, "lp=1&mpp=3&pg=2").await;
    let mut all = ids(&page1);
    all.extend(ids(&page2));
    assert_eq!(sorted(all.clone()).len(), 6);
    all.dedup();
    assert_eq!(all.len(), 6, "no product twice across pages");
    assert_eq!(page1["total"], 6);
    // With store 1 chosen the charger loses its slot; the rope keeps it.
    c.get("/stores/set-json/1").await;
    let page = search(&mut c, "lp=1").await;
    assert_eq!(ids(&page)[0], "800001");
    let charger = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["blainNumber"] == "800004")
        .unwrap();
    assert_eq!(charger["pinned"], false);
}

#[tokio::test]
async fn compare_takes_two_to_five_items_side_by_side() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = c
        .get("/api/search/compare?items=800007,800008,800009")
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    let names: Vec<&str> = v["attributes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["Brand", "Price", "Tire Size", "Season"]);
    assert_eq!(
        v["attributes"][3]["values"],
        serde_json::json!(["All Season", "Winter", "All Season"])
    );
    for (items, status, message) in [
        ("800007", 400, "You should select at least 2 items"),
        ("", 400, "You should select at least 2 items"),
        (
            "800001,800002,800003,800004,800005,800006",
            400,
            "You can compare up to 5 items",
        ),
        ("800007,999999", 404, "Product not found."),
        ("800007,800007", 404, "Product not found."),
    ] {
        let a = c.get(&format!("/api/search/compare?items={items}")).await;
        assert_eq!(a.status, status, "{items}");
        assert_eq!(a.json()["message"], message);
    }
    // The legacy call answers HTML rendered from escaped text.
    sqlx::query("UPDATE products SET name = '<img src=x onerror=alert(1)> Rope' WHERE blain_number = '800001'")
        .execute(&env.pool)
        .await
        .unwrap();
    let a = c.get("/s/a/compare?Items=800001,800002").await;
    assert_eq!(a.status, 200);
    assert!(a.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(a.body.starts_with("<table"), "{}", a.body);
    assert!(!a.body.contains("<img"), "inert: {}", a.body);
    assert!(a.body.contains("&lt;img"));
}

#[tokio::test]
async fn more_like_this_finds_products_like_it() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = c.get("/api/search/similar?blainNumber=800007").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let got: Vec<String> = a.json()["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["blainNumber"].as_str().unwrap().to_string())
        .collect();
    assert!(!got.contains(&"800007".to_string()), "never itself");
    assert_eq!(
        sorted(got[..2].to_vec()),
        vec!["800008", "800009"],
        "the other tires first: {got:?}"
    );
    let a = c.get("/api/search/similar?blainNumber=999999").await;
    assert_eq!(a.status, 404);
}

#[tokio::test]
async fn a_merchandiser_reindexes_over_http_and_reads_the_progress() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    let bearer = format!("Bearer {STAFF_TOKEN}");
    let auth = [("authorization", bearer.as_str())];
    let a = c
        .send("POST", "/api/search/reindex", None, String::new())
        .await;
    assert_eq!(a.status, 401);
    sqlx::query("UPDATE products SET name = 'Sisal Rope' WHERE blain_number = '800001'")
        .execute(&env.pool)
        .await
        .unwrap();
    let a = c
        .send_with("POST", "/api/search/reindex", None, String::new(), &auth)
        .await;
    assert_eq!(a.status, 202, "{}", a.body);
    let done = eventually(Duration::from_secs(20), || {
        let engine = engine.clone();
        async move { !engine.progress().running && engine.progress().done == 13 }
    })
    .await;
    assert!(done, "{:?}", engine.progress());
    let p = c
        .send_with("GET", "/api/search/reindex", None, String::new(), &auth)
        .await;
    assert_eq!(p.json()["done"], 13, "{}", p.body);
    assert_eq!(p.json()["total"], 13);
    assert_eq!(p.json()["running"], false);
    assert_eq!(ids(&search(&mut c, "keyword=sisal").await), vec!["800001"]);
}

#[tokio::test]
async fn a_merchandiser_redirects_a_keyword_to_a_page_of_the_store() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = search(&mut c, "keyword=store+hours").await;
    assert_eq!(a["redirect"], Value::Null);
    let a = pin(
        &mut c,
        "SetKeywordRedirect",
        serde_json::json!({"keyword": "Store  Hours", "url": "/store-finder/"}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["redirect"], "/store-finder/");
    let a = search(&mut c, "keyword=store+hours").await;
    assert_eq!(a["redirect"], "/store-finder/");
    // Only pages of this store, and only for keywords.
    for url in ["https://evil.example/", "//evil.example/x"] {
        let a = pin(
            &mut c,
            "SetKeywordRedirect",
            serde_json::json!({"keyword": "store hours", "url": url}),
        )
        .await;
        assert_eq!(a.status, 422, "{url}: {}", a.body);
    }
    let a = pin(
        &mut c,
        "SetKeywordRedirect",
        serde_json::json!({"lp": "1", "url": "/store-finder/"}),
    )
    .await;
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["message"], "A redirect needs a keyword.");
    let a = pin(
        &mut c,
        "RemoveKeywordRedirect",
        serde_json::json!({"keyword": "store hours"}),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        search(&mut c, "keyword=store+hours").await["redirect"],
        Value::Null
    );
    let a = pin(
        &mut c,
        "RemoveKeywordRedirect",
        serde_json::json!({"keyword": "store hours"}),
    )
    .await;
    assert_eq!(a.status, 404);
}

#[tokio::test]
async fn an_item_in_stock_at_the_visitors_store_ranks_higher() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    // Store 1 sells out of the 225/65R17 all-season tire and receives the 205/55R16 one.
    let report = |number: &str, on_hand: i32| {
        (
            number.to_string(),
            InventoryCommand::Report {
                blain_number: number.into(),
                ecom_on_hand: 20,
                stores: vec![StoreStock {
                    store_num: 1,
                    is_stocked: true,
                    store_on_hand: on_hand,
                }],
            },
        )
    };
    eventstore::run::<Inventory>(&env.pool, &())
        .commands(vec![report("800007", 0), report("800009", 6)])
        .batch()
        .await
        .unwrap();
    projections::catalog::catch_up(&env.pool, 1000, &|_, _| {})
        .await
        .unwrap();
    engine.reindex(&env.pool, &|_, _| {}).await.unwrap();
    // Without a chosen store the first match is the 225/65R17.
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800007", "800009"]);
    // With store 1 chosen, the tire on its shelf moves up; what matches is unchanged.
    assert_eq!(c.get("/stores/set-json/1").await.json()["success"], true);
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800009", "800007"]);
    assert_eq!(a["total"], 2);
    assert_eq!(a["items"][0]["storeOnHand"], 6);
    // SEARCH_STORE_BOOST=0 turns the boost off.
    engine.set_store_boost(0.0);
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800007", "800009"]);
}

#[tokio::test]
async fn tracked_popularity_moves_a_product_up_without_changing_the_matches() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800007", "800009"]);
    // Shoppers view and buy the second one (the analytics read model: distinct visitors and
    // their weighted votes).
    sqlx::query(
        "INSERT INTO analytics_item_daily (day, item_id, views, add_to_carts, sales, visitors, score) \
         VALUES (current_date, '800009', 40, 5, 2, 30, 65), (current_date - 90, '800007', 900, 0, 0, 900, 900)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    assert_eq!(
        query::search::popularity::refresh(&engine, &env.pool)
            .await
            .unwrap(),
        1,
        "activity older than the window does not count"
    );
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800009", "800007"]);
    assert_eq!(a["total"], 2);
    // Without popular products the order is relevance alone again.
    engine.set_popular(&[]);
    let a = search(&mut c, "keyword=all+season+tire").await;
    assert_eq!(ids(&a), vec!["800007", "800009"]);
}

#[tokio::test]
async fn autocomplete_suggests_a_brand_only_while_it_has_products() {
    let env = spawn_env().await;
    let (mut c, engine) = shop(&env).await;
    let brands = |a: &Value| -> Vec<String> {
        a["brands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["html"].as_str().unwrap().to_string())
            .collect()
    };
    let a = c.get("/s/a/autocomplete?keyword=zare").await.json();
    assert_eq!(brands(&a), vec!["<strong>Zare</strong>ba"]);
    // Zareba's one product is discontinued; the index drops it (the document is deleted, its
    // brand term stays in the segment until a merge) and the brand is no longer suggested.
    eventstore::run::<Product>(&env.pool, &())
        .commands(vec![("800004".into(), ProductCommand::Discontinue)])
        .batch()
        .await
        .unwrap();
    projections::catalog::catch_up(&env.pool, 1000, &|_, _| {})
        .await
        .unwrap();
    engine
        .update(&env.pool, &["800004".to_string()])
        .await
        .unwrap();
    let a = c.get("/s/a/autocomplete?keyword=zare").await.json();
    assert_eq!(brands(&a), Vec::<String>::new(), "{a}");
    assert_eq!(a["count"], 0);
}
