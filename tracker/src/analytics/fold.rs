//! The fold: what one batch of tracking events adds to the read models ([`Folded`]), and the
//! events credited to a search's keyword once its query id is looked up ([`Credit`]).

use std::collections::BTreeMap;

use chrono::{NaiveDate, Utc};
use serde_json::Value;

use super::settings::IMPRESSIONS_MAX;
use crate::codes::{self, EventType};
use crate::event::{Agent, TrackingEvent};

/// A keyword as counted: trimmed, lower case, inner spaces collapsed, at most 100 characters.
pub use kernel::query_id::normalize_keyword;

/// The weights of a visitor's interest in an item, one vote each a day: viewed, added to a cart,
/// bought (the weights 'Popular in Department' uses too).
pub(super) const VIEWED: i16 = 1;
pub(super) const ADDED: i16 = 3;
pub(super) const BOUGHT: i16 = 5;
/// The lists votes are for (`analytics_votes.list`).
pub(super) const SEARCHES: &str = "searches";
pub(super) const PRODUCTS: &str = "products";

#[derive(Default)]
pub(super) struct SearchAgg {
    pub(super) searches: i64,
    pub(super) with_hits: i64,
    pub(super) null_results: i64,
    pub(super) unknown_hits: i64,
    pub(super) clicks: i64,
    pub(super) add_to_carts: i64,
    pub(super) sales: i64,
    pub(super) revenue: f64,
    /// When a search last found nothing.
    pub(super) last_null_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Default)]
pub(super) struct RuleAgg {
    pub(super) searches: i64,
    pub(super) clicks: i64,
    pub(super) add_to_carts: i64,
    pub(super) sales: i64,
    pub(super) revenue: f64,
}

#[derive(Default)]
pub(super) struct ItemAgg {
    pub(super) impressions: i64,
    pub(super) clicks: i64,
    pub(super) views: i64,
    pub(super) add_to_carts: i64,
    pub(super) sales: i64,
    pub(super) units: i64,
}

/// What one batch adds to the read models.
#[derive(Default)]
pub(super) struct Folded {
    pub(super) counts: BTreeMap<(NaiveDate, String, bool), i64>,
    pub(super) searches: BTreeMap<(NaiveDate, String), SearchAgg>,
    /// Query id → keyword, day, results and the rules that shaped the answer (names, comma
    /// separated; empty when the search was not counted).
    pub(super) queries: BTreeMap<String, (String, NaiveDate, Option<i32>, String)>,
    /// Per day and rule that shaped answers (`kernel::query_id::Shaped::names`).
    pub(super) rules: BTreeMap<(NaiveDate, &'static str), RuleAgg>,
    pub(super) items: BTreeMap<(NaiveDate, String), ItemAgg>,
    pub(super) query_items: BTreeMap<(String, String), (i64, i64)>,
    pub(super) widgets: BTreeMap<(NaiveDate, String, String), (i64, i64)>,
    pub(super) visit_items: Vec<(String, String, chrono::DateTime<Utc>)>,
    pub(super) ratings: BTreeMap<String, (i64, i64)>,
    /// Votes of counted events: (list, visitor, keyword or item, weight) → the latest day.
    pub(super) votes: BTreeMap<(&'static str, String, String, i16), NaiveDate>,
}

/// An event credited to the keyword of a query id once that is looked up.
pub(super) struct Credit {
    pub(super) query_id: String,
    pub(super) day: NaiveDate,
    pub(super) item: Option<String>,
    pub(super) kind: CreditKind,
}

pub(super) enum CreditKind {
    Click,
    AddToCart,
    Sale(f64),
}

fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().chars().take(200).collect()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn items_of(e: &TrackingEvent, field: &str) -> Vec<String> {
    match e.data.get(field) {
        Some(Value::Array(list)) => list.iter().filter_map(|v| text(Some(v))).collect(),
        Some(Value::String(s)) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(200).collect())
            .collect(),
        Some(v @ Value::Number(_)) => text(Some(v)).into_iter().collect(),
        _ => vec![],
    }
}

impl Folded {
    fn widget(
        &mut self,
        day: NaiveDate,
        kind: &str,
        id: Option<String>,
        impressions: i64,
        clicks: i64,
    ) {
        if let Some(id) = id {
            let w = self.widgets.entry((day, kind.to_string(), id)).or_default();
            w.0 += impressions;
            w.1 += clicks;
        }
    }

    /// A counted event's votes for an item: the visitor's interest at all (weight 0, counted
    /// once per visitor) and its kind (the writer keeps them only for a catalog item, and at
    /// most [`ITEM_VOTES_PER_DAY`](super::settings::ITEM_VOTES_PER_DAY) a visitor and day).
    fn vote(&mut self, e: &TrackingEvent, day: NaiveDate, item: &str, weight: i16) {
        if e.counted {
            self.add_vote(PRODUCTS, e, item, 0, day);
            self.add_vote(PRODUCTS, e, item, weight, day);
        }
    }

    fn add_vote(
        &mut self,
        list: &'static str,
        e: &TrackingEvent,
        subject: &str,
        weight: i16,
        day: NaiveDate,
    ) {
        let latest = self
            .votes
            .entry((list, e.visitor_id.clone(), subject.to_string(), weight))
            .or_insert(day);
        *latest = (*latest).max(day);
    }

    fn item(&mut self, day: NaiveDate, item: &str) -> &mut ItemAgg {
        self.items.entry((day, item.to_string())).or_default()
    }

    pub(super) fn add(&mut self, e: &TrackingEvent, credits: &mut Vec<Credit>) {
        let day = e.received_at.date_naive();
        let bot = e.agent == Agent::Bot;
        *self.counts.entry((day, e.event.clone(), bot)).or_default() += 1;
        if bot {
            return;
        }
        let query_id = e.text("query_id");
        let unique = e.text("unique_id");
        match e.event_type() {
            Some(EventType::Search) => {
                let keyword = e
                    .text("keyword")
                    .map(|k| normalize_keyword(&k))
                    .unwrap_or_default();
                let results = e
                    .number("total")
                    .map(|n| n.max(0.0).min(i32::MAX as f64) as i32);
                if !keyword.is_empty() {
                    let refinement = e.number("type_id") == Some(2.0);
                    if let Some(q) = &query_id {
                        // The marks are believed only for a counted search: its query id
                        // verified for this visitor and keyword (tracker::hawk).
                        let rules = if e.counted {
                            kernel::query_id::Shaped::of_query_id(q).names()
                        } else {
                            vec![]
                        };
                        if !refinement {
                            for rule in &rules {
                                self.rules.entry((day, rule)).or_default().searches += 1;
                            }
                        }
                        self.queries.entry(q.clone()).or_insert((
                            keyword.clone(),
                            day,
                            results,
                            rules.join(","),
                        ));
                    }
                    if e.counted && !refinement {
                        self.add_vote(SEARCHES, e, &keyword, 0, day);
                    }
                    if !refinement {
                        let s = self.searches.entry((day, keyword)).or_default();
                        s.searches += 1;
                        match results {
                            Some(0) => {
                                s.null_results += 1;
                                s.last_null_at = s.last_null_at.max(Some(e.received_at));
                            }
                            Some(_) => s.with_hits += 1,
                            None => s.unknown_hits += 1,
                        }
                    }
                }
                for item in items_of(e, "item_list").into_iter().take(IMPRESSIONS_MAX) {
                    self.item(day, &item).impressions += 1;
                }
            }
            Some(EventType::Click) => {
                if let Some(item) = &unique {
                    self.item(day, item).clicks += 1;
                }
                if let Some(q) = query_id {
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: unique,
                        kind: CreditKind::Click,
                    });
                }
            }
            Some(EventType::Add2Cart) => {
                let quantity = e.number("quantity").unwrap_or(1.0).clamp(0.0, 10_000.0) as i64;
                if let Some(item) = &unique {
                    let i = self.item(day, item);
                    i.add_to_carts += 1;
                    i.units += quantity;
                    self.vote(e, day, item, ADDED);
                }
                if let Some(q) = query_id {
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: unique,
                        kind: CreditKind::AddToCart,
                    });
                }
            }
            Some(EventType::Sale) => {
                for item in items_of(e, "item_list").into_iter().take(IMPRESSIONS_MAX) {
                    self.item(day, &item).sales += 1;
                    self.vote(e, day, &item, BOUGHT);
                }
                if let Some(q) = query_id {
                    let total = e.number("total").unwrap_or(0.0).clamp(0.0, 1e9);
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: None,
                        kind: CreditKind::Sale(total),
                    });
                }
            }
            Some(EventType::Rate) => {
                let value = e.number("value").unwrap_or(0.0);
                if let (Some(item), true) =
                    (unique, (1.0..=5.0).contains(&value) && value.fract() == 0.0)
                {
                    let r = self.ratings.entry(item).or_default();
                    r.0 += 1;
                    r.1 += value as i64;
                }
            }
            Some(EventType::BannerClick) => self.widget(day, "banner", e.text("banner_id"), 0, 1),
            Some(EventType::BannerImpression) => {
                self.widget(day, "banner", e.text("banner_id"), 1, 0)
            }
            Some(EventType::RecommendationClick) => {
                self.widget(day, "recommendation", e.text("widget_guid"), 0, 1)
            }
            Some(EventType::AutoCompleteClick) => {
                let kind = e
                    .number("suggest_type")
                    .and_then(|t| codes::code_name(&codes::AUTOCOMPLETE_TYPES, t as i64))
                    .unwrap_or("unknown");
                let name = e.text("name").map(|n| normalize_keyword(&n));
                self.widget(
                    day,
                    "autocomplete",
                    name.map(|n| format!("{kind}:{n}")),
                    0,
                    1,
                )
            }
            Some(EventType::PageLoad) | Some(EventType::Login) => {}
            None => match e.event.as_str() {
                codes::PRODUCT_VIEW => {
                    if let Some(item) = e.text("b") {
                        self.item(day, &item).views += 1;
                        self.vote(e, day, &item, VIEWED);
                        self.visit_items
                            .push((e.visit_id.clone(), item, e.received_at));
                    }
                }
                codes::CAROUSEL_CLICK => {
                    let id = e.text("itemListID").or_else(|| e.text("itemListName"));
                    self.widget(day, "carousel", id, 0, 1)
                }
                codes::SPONSORED_AD_CLICK => self.widget(day, "sponsored_ad", e.text("adId"), 0, 1),
                codes::SPONSORED_AD_IMPRESSION => {
                    for id in items_of(e, "adIds") {
                        self.widget(day, "sponsored_ad", Some(id), 1, 0);
                    }
                }
                "product_carousel_view" => {
                    let id = [
                        "item_list_id",
                        "itemListID",
                        "item_list_name",
                        "itemListName",
                    ]
                    .iter()
                    .find_map(|f| e.text(f));
                    self.widget(day, "carousel", id, 1, 0)
                }
                "menu_click" => {
                    let id = e.text("link_url").or_else(|| e.text("link_text"));
                    self.widget(day, "menu", id, 0, 1)
                }
                "popular_search" => {
                    let id = e.text("search_term").map(|t| normalize_keyword(&t));
                    self.widget(day, "popular_search", id, 0, 1)
                }
                _ => {}
            },
        }
    }
}
