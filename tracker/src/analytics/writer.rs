//! The writer: adds a folded batch to the read models (one `unnest` upsert per table) in the
//! batch's transaction, crediting clicks, adds and sales to their search's keyword, and
//! counting co-views of the visits' new items.

use std::collections::HashMap;

use chrono::Utc;

use super::fold::{Credit, CreditKind, Folded};
use super::settings::{ITEM_VOTES_PER_DAY, SEARCH_VOTES_PER_DAY, VISIT_ITEMS_MAX};

/// Adds the batch `f` (and the `credits`, once their keywords are looked up) to the read
/// models.
pub(super) async fn write(
    tx: &mut sqlx::PgConnection,
    f: &mut Folded,
    credits: Vec<Credit>,
) -> Result<(), sqlx::Error> {
    if !f.counts.is_empty() {
        let (mut day, mut event, mut bot, mut n) = (vec![], vec![], vec![], vec![]);
        for ((d, e, b), c) in &f.counts {
            day.push(*d);
            event.push(e.as_str());
            bot.push(*b);
            n.push(*c);
        }
        sqlx::query(
            "INSERT INTO analytics_event_counts (day, event, bot, events) \
             SELECT * FROM unnest($1::date[], $2::text[], $3::bool[], $4::int8[]) \
             ON CONFLICT (day, event, bot) DO UPDATE SET events = analytics_event_counts.events + excluded.events",
        )
        .bind(&day)
        .bind(&event)
        .bind(&bot)
        .bind(&n)
        .execute(&mut *tx)
        .await?;
    }
    if !f.queries.is_empty() {
        let (mut id, mut kw, mut day, mut res) = (vec![], vec![], vec![], vec![]);
        let mut rules = vec![];
        for (q, (k, d, r, shaped)) in &f.queries {
            id.push(q.as_str());
            kw.push(k.as_str());
            day.push(*d);
            res.push(*r);
            rules.push(shaped.as_str());
        }
        sqlx::query(
            "INSERT INTO analytics_queries (query_id, keyword, day, results, rules) \
             SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::int4[], $5::text[]) \
             ON CONFLICT (query_id) DO NOTHING",
        )
        .bind(&id)
        .bind(&kw)
        .bind(&day)
        .bind(&res)
        .bind(&rules)
        .execute(&mut *tx)
        .await?;
    }
    if !credits.is_empty() {
        let wanted: Vec<&str> = credits.iter().map(|c| c.query_id.as_str()).collect();
        let keywords: HashMap<String, (String, String)> =
            sqlx::query_as::<_, (String, String, String)>(
                "SELECT query_id, keyword, rules FROM analytics_queries WHERE query_id = ANY($1)",
            )
            .bind(&wanted)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(q, k, r)| (q, (k, r)))
            .collect();
        for c in credits {
            let Some((keyword, rules)) = keywords.get(&c.query_id) else {
                continue;
            };
            for rule in rules.split(',').filter_map(known_rule) {
                let r = f.rules.entry((c.day, rule)).or_default();
                match c.kind {
                    CreditKind::Click => r.clicks += 1,
                    CreditKind::AddToCart => r.add_to_carts += 1,
                    CreditKind::Sale(total) => {
                        r.sales += 1;
                        r.revenue += total;
                    }
                }
            }
            let s = f.searches.entry((c.day, keyword.clone())).or_default();
            match c.kind {
                CreditKind::Click => s.clicks += 1,
                CreditKind::AddToCart => s.add_to_carts += 1,
                CreditKind::Sale(total) => {
                    s.sales += 1;
                    s.revenue += total;
                }
            }
            if let Some(item) = c.item {
                let qi = f.query_items.entry((keyword.clone(), item)).or_default();
                match c.kind {
                    CreditKind::Click => qi.0 += 1,
                    CreditKind::AddToCart => qi.1 += 1,
                    CreditKind::Sale(_) => {}
                }
            }
        }
    }
    if !f.rules.is_empty() {
        let (mut day, mut rule) = (Vec::new(), Vec::new());
        let (mut searches, mut clicks, mut adds, mut sales, mut revenue) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for ((d, r), a) in &f.rules {
            day.push(*d);
            rule.push(*r);
            searches.push(a.searches);
            clicks.push(a.clicks);
            adds.push(a.add_to_carts);
            sales.push(a.sales);
            revenue.push(a.revenue);
        }
        sqlx::query(
            "INSERT INTO analytics_rule_daily (day, rule, searches, clicks, add_to_carts, sales, revenue) \
             SELECT d, r, s, c, a, sa, rv::numeric(14,2) FROM unnest($1::date[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::float8[]) \
               AS t(d, r, s, c, a, sa, rv) \
             ON CONFLICT (day, rule) DO UPDATE SET \
               searches = analytics_rule_daily.searches + excluded.searches, \
               clicks = analytics_rule_daily.clicks + excluded.clicks, \
               add_to_carts = analytics_rule_daily.add_to_carts + excluded.add_to_carts, \
               sales = analytics_rule_daily.sales + excluded.sales, \
               revenue = analytics_rule_daily.revenue + excluded.revenue",
        )
        .bind(&day)
        .bind(&rule)
        .bind(&searches)
        .bind(&clicks)
        .bind(&adds)
        .bind(&sales)
        .bind(&revenue)
        .execute(&mut *tx)
        .await?;
    }
    if !f.searches.is_empty() {
        let (mut day, mut keyword) = (Vec::new(), Vec::new());
        let (mut searches, mut with_hits, mut nulls, mut unknown) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut clicks, mut adds, mut sales, mut revenue) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut last_null = Vec::new();
        for ((d, k), s) in &f.searches {
            day.push(*d);
            keyword.push(k.as_str());
            searches.push(s.searches);
            with_hits.push(s.with_hits);
            nulls.push(s.null_results);
            unknown.push(s.unknown_hits);
            clicks.push(s.clicks);
            adds.push(s.add_to_carts);
            sales.push(s.sales);
            revenue.push(s.revenue);
            last_null.push(s.last_null_at);
        }
        sqlx::query(
            "INSERT INTO analytics_search_daily (day, keyword, searches, with_hits, null_results, unknown_hits, clicks, add_to_carts, sales, revenue, last_null_at) \
             SELECT d, k, a, b, c, u, cl, ad, sa, rv::numeric(14,2), ln FROM unnest($1::date[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::int8[], $10::float8[], $11::timestamptz[]) \
               AS t(d, k, a, b, c, u, cl, ad, sa, rv, ln) \
             ON CONFLICT (day, keyword) DO UPDATE SET \
               searches = analytics_search_daily.searches + excluded.searches, \
               with_hits = analytics_search_daily.with_hits + excluded.with_hits, \
               null_results = analytics_search_daily.null_results + excluded.null_results, \
               unknown_hits = analytics_search_daily.unknown_hits + excluded.unknown_hits, \
               clicks = analytics_search_daily.clicks + excluded.clicks, \
               add_to_carts = analytics_search_daily.add_to_carts + excluded.add_to_carts, \
               sales = analytics_search_daily.sales + excluded.sales, \
               revenue = analytics_search_daily.revenue + excluded.revenue, \
               last_null_at = greatest(analytics_search_daily.last_null_at, excluded.last_null_at)",
        )
        .bind(&day)
        .bind(&keyword)
        .bind(&searches)
        .bind(&with_hits)
        .bind(&nulls)
        .bind(&unknown)
        .bind(&clicks)
        .bind(&adds)
        .bind(&sales)
        .bind(&revenue)
        .bind(&last_null)
        .execute(&mut *tx)
        .await?;
    }
    if !f.items.is_empty() {
        let (mut day, mut item) = (Vec::new(), Vec::new());
        let (mut impressions, mut clicks, mut views) = (Vec::new(), Vec::new(), Vec::new());
        let (mut adds, mut sales, mut units) = (Vec::new(), Vec::new(), Vec::new());
        for ((d, i), a) in &f.items {
            day.push(*d);
            item.push(i.as_str());
            impressions.push(a.impressions);
            clicks.push(a.clicks);
            views.push(a.views);
            adds.push(a.add_to_carts);
            sales.push(a.sales);
            units.push(a.units);
        }
        sqlx::query(
            "INSERT INTO analytics_item_daily (day, item_id, impressions, clicks, views, add_to_carts, sales, units) \
             SELECT t.* FROM unnest($1::date[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[]) \
               AS t(d, i, im, cl, vi, ad, sa, un) WHERE EXISTS (SELECT 1 FROM products p WHERE p.blain_number = t.i) \
             ON CONFLICT (day, item_id) DO UPDATE SET \
               impressions = analytics_item_daily.impressions + excluded.impressions, \
               clicks = analytics_item_daily.clicks + excluded.clicks, \
               views = analytics_item_daily.views + excluded.views, \
               add_to_carts = analytics_item_daily.add_to_carts + excluded.add_to_carts, \
               sales = analytics_item_daily.sales + excluded.sales, \
               units = analytics_item_daily.units + excluded.units",
        )
        .bind(&day)
        .bind(&item)
        .bind(&impressions)
        .bind(&clicks)
        .bind(&views)
        .bind(&adds)
        .bind(&sales)
        .bind(&units)
        .execute(&mut *tx)
        .await?;
    }
    if !f.query_items.is_empty() {
        let (mut k, mut i, mut cl, mut ad) = (vec![], vec![], vec![], vec![]);
        for ((kw, item), (c, a)) in &f.query_items {
            k.push(kw.as_str());
            i.push(item.as_str());
            cl.push(*c);
            ad.push(*a);
        }
        sqlx::query(
            "INSERT INTO analytics_query_items (keyword, item_id, clicks, add_to_carts) \
             SELECT t.* FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[]) AS t(k, i, c, a) \
               WHERE EXISTS (SELECT 1 FROM products p WHERE p.blain_number = t.i) \
             ON CONFLICT (keyword, item_id) DO UPDATE SET \
               clicks = analytics_query_items.clicks + excluded.clicks, \
               add_to_carts = analytics_query_items.add_to_carts + excluded.add_to_carts",
        )
        .bind(&k)
        .bind(&i)
        .bind(&cl)
        .bind(&ad)
        .execute(&mut *tx)
        .await?;
    }
    if !f.widgets.is_empty() {
        let (mut d, mut k, mut w, mut im, mut cl) = (vec![], vec![], vec![], vec![], vec![]);
        for ((day, kind, id), (i, c)) in &f.widgets {
            d.push(*day);
            k.push(kind.as_str());
            w.push(id.as_str());
            im.push(*i);
            cl.push(*c);
        }
        sqlx::query(
            "INSERT INTO analytics_widget_daily (day, kind, widget_id, impressions, clicks) \
             SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::int8[], $5::int8[]) \
             ON CONFLICT (day, kind, widget_id) DO UPDATE SET \
               impressions = analytics_widget_daily.impressions + excluded.impressions, \
               clicks = analytics_widget_daily.clicks + excluded.clicks",
        )
        .bind(&d)
        .bind(&k)
        .bind(&w)
        .bind(&im)
        .bind(&cl)
        .execute(&mut *tx)
        .await?;
    }
    if !f.ratings.is_empty() {
        let (mut i, mut n, mut t) = (vec![], vec![], vec![]);
        for (item, (count, total)) in &f.ratings {
            i.push(item.as_str());
            n.push(*count);
            t.push(*total);
        }
        sqlx::query(
            "INSERT INTO analytics_ratings (item_id, ratings, total) \
             SELECT t.* FROM unnest($1::text[], $2::int8[], $3::int8[]) AS t(i, n, s) \
               WHERE EXISTS (SELECT 1 FROM products p WHERE p.blain_number = t.i) \
             ON CONFLICT (item_id) DO UPDATE SET ratings = analytics_ratings.ratings + excluded.ratings, \
               total = analytics_ratings.total + excluded.total",
        )
        .bind(&i)
        .bind(&n)
        .bind(&t)
        .execute(&mut *tx)
        .await?;
    }
    votes(&mut *tx, f).await?;
    if !f.visit_items.is_empty() {
        f.visit_items.sort();
        let visits: Vec<&str> = f.visit_items.iter().map(|v| v.0.as_str()).collect();
        let items: Vec<&str> = f.visit_items.iter().map(|v| v.1.as_str()).collect();
        let at: Vec<chrono::DateTime<Utc>> = f.visit_items.iter().map(|v| v.2).collect();
        let new: Vec<(String, String)> = sqlx::query_as(
            "INSERT INTO analytics_visit_items (visit_id, item_id, seen_at) \
             SELECT i.visit_id, i.item_id, i.seen_at \
             FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS i(visit_id, item_id, seen_at) \
             WHERE (SELECT count(*) FROM analytics_visit_items v WHERE v.visit_id = i.visit_id) < $4 \
               AND EXISTS (SELECT 1 FROM products p WHERE p.blain_number = i.item_id) \
             ON CONFLICT (visit_id, item_id) DO NOTHING RETURNING visit_id, item_id",
        )
        .bind(&visits)
        .bind(&items)
        .bind(&at)
        .bind(VISIT_ITEMS_MAX)
        .fetch_all(&mut *tx)
        .await?;
        if !new.is_empty() {
            let visits: Vec<&str> = new.iter().map(|v| v.0.as_str()).collect();
            let items: Vec<&str> = new.iter().map(|v| v.1.as_str()).collect();
            sqlx::query(
                "WITH new AS (SELECT * FROM unnest($1::text[], $2::text[]) AS t(visit_id, item_id)), \
                 pairs AS (SELECT DISTINCT n.visit_id, least(n.item_id, v.item_id) AS a, greatest(n.item_id, v.item_id) AS b \
                           FROM new n JOIN analytics_visit_items v ON v.visit_id = n.visit_id AND v.item_id <> n.item_id), \
                 counted AS (SELECT a, b, count(*) AS c FROM pairs GROUP BY a, b), \
                 both_ways AS (SELECT a AS item_id, b AS other_id, c FROM counted UNION ALL SELECT b, a, c FROM counted) \
                 INSERT INTO analytics_coviews (item_id, other_id, visits) \
                 SELECT item_id, other_id, c FROM both_ways ORDER BY item_id, other_id \
                 ON CONFLICT (item_id, other_id) DO UPDATE SET visits = analytics_coviews.visits + excluded.visits",
            )
            .bind(&visits)
            .bind(&items)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

/// Adds the batch's votes (at most the day's cap per visitor, those already kept that day
/// counting against it; items only when the catalog has them). A vote new to the visitor, or
/// moving to a later day, moves its count from its old day to its new one in the daily
/// aggregates (`visitors`; `score` for weighted item votes), so a window's sum counts each
/// visitor once.
async fn votes(tx: &mut sqlx::PgConnection, f: &Folded) -> Result<(), sqlx::Error> {
    if f.votes.is_empty() {
        return Ok(());
    }
    let (mut l, mut v, mut s, mut w, mut d) = (vec![], vec![], vec![], vec![], vec![]);
    for ((list, visitor, subject, weight), day) in &f.votes {
        l.push(*list);
        v.push(visitor.as_str());
        s.push(subject.as_str());
        w.push(*weight);
        d.push(*day);
    }
    sqlx::query(
        "WITH t AS ( \
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int2[], $5::date[]) AS t(l, v, s, w, d) \
           WHERE t.l = 'searches' OR EXISTS (SELECT 1 FROM products p WHERE p.blain_number = t.s)), \
         moving AS ( \
           SELECT t.*, x.day AS old, \
                  row_number() OVER (PARTITION BY t.l, t.v, t.d ORDER BY t.s, t.w) AS n \
           FROM t LEFT JOIN analytics_votes x \
             ON x.list = t.l AND x.visitor_id = t.v AND x.subject = t.s AND x.weight = t.w \
           WHERE x.day IS NULL OR x.day < t.d), \
         kept AS ( \
           INSERT INTO analytics_votes (list, visitor_id, subject, weight, day) \
           SELECT m.l, m.v, m.s, m.w, m.d FROM moving m \
           WHERE m.n + (SELECT count(*) FROM analytics_votes x \
                        WHERE x.list = m.l AND x.visitor_id = m.v AND x.day = m.d) \
                 <= CASE m.l WHEN 'searches' THEN $6 ELSE $7 END \
           ORDER BY m.l, m.v, m.s, m.w \
           ON CONFLICT (list, visitor_id, subject, weight) DO UPDATE SET day = excluded.day \
             WHERE analytics_votes.day < excluded.day \
           RETURNING list, visitor_id, subject, weight, day), \
         moved AS ( \
           SELECT m.l, m.s, m.w, m.d, m.old FROM kept k JOIN moving m \
             ON m.l = k.list AND m.v = k.visitor_id AND m.s = k.subject AND m.w = k.weight), \
         deltas AS ( \
           SELECT l, s, w, d AS day, 1 AS sign FROM moved \
           UNION ALL SELECT l, s, w, old, -1 FROM moved WHERE old IS NOT NULL), \
         searches AS ( \
           INSERT INTO analytics_search_daily (day, keyword, visitors) \
           SELECT day, s, sum(sign) FROM deltas WHERE l = 'searches' GROUP BY day, s ORDER BY day, s \
           ON CONFLICT (day, keyword) DO UPDATE SET visitors = analytics_search_daily.visitors + excluded.visitors) \
         INSERT INTO analytics_item_daily (day, item_id, visitors, score) \
         SELECT day, s, coalesce(sum(sign) FILTER (WHERE w = 0), 0), coalesce(sum(sign * w), 0) \
         FROM deltas WHERE l = 'products' GROUP BY day, s ORDER BY day, s \
         ON CONFLICT (day, item_id) DO UPDATE SET visitors = analytics_item_daily.visitors + excluded.visitors, \
           score = analytics_item_daily.score + excluded.score",
    )
    .bind(&l)
    .bind(&v)
    .bind(&s)
    .bind(&w)
    .bind(&d)
    .bind(SEARCH_VOTES_PER_DAY)
    .bind(ITEM_VOTES_PER_DAY)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A rule's name as the read model keeps it (`kernel::query_id::Shaped::names`).
fn known_rule(name: &str) -> Option<&'static str> {
    ["pinned", "redirect", "synonym", "none"]
        .into_iter()
        .find(|known| *known == name)
}
