//! A search's facets: which counts the main pass collects ([`FacetPlan::collect`]), the
//! counts of the facets with a selection (each without its own selection), and the facets
//! built from them (department, brand, attributes, availability, price).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use tantivy::collector::{
    Count, FacetCollector, FacetCounts, FruitHandle, MultiCollector, MultiFruit,
};
use tantivy::query::{BooleanQuery, Occur};
use tantivy::schema::Facet;
use tantivy::Searcher;

use super::build::{availability_query, Built, Dim};
use super::facet_names::{attribute_names, attribute_param};
use super::request::{Availability, SearchQuery};
use crate::document::Departments;
use crate::engine::{SearchEngine, SearchError};
use crate::facet_paths::{attribute_name_facet, brand_root, department_root};
use crate::hits::{FacetResult, FacetValue};
use crate::minmax::MinMax;

/// Brands listed in the brand facet (most products first; selected ones always).
pub const TOP_BRANDS: usize = 20;
/// Attribute facets shown (most products first; selected ones always).
pub const TOP_ATTRIBUTES: usize = 8;
/// Values listed per attribute facet.
pub const TOP_VALUES: usize = 20;

/// What a search's facets are counted over.
pub(super) struct FacetPlan {
    /// The department whose children the department facet lists.
    department_parent: Facet,
    /// The index's attribute names.
    names: Arc<BTreeSet<String>>,
}

/// The counts the main pass collects, to be taken from its fruits: the total, and each facet
/// without a selection.
pub(super) struct Collected {
    count: FruitHandle<usize>,
    departments: Option<FruitHandle<FacetCounts>>,
    brands: Option<FruitHandle<FacetCounts>>,
    /// The values of the attributes without a selection.
    attributes: Option<FruitHandle<FacetCounts>>,
    price: Option<FruitHandle<Option<(u64, u64)>>>,
}

/// Every count the facets are built from.
pub(super) struct Counts {
    pub(super) total: u64,
    departments: FacetCounts,
    brands: FacetCounts,
    /// The values of the attributes without a selection.
    attributes: Option<FacetCounts>,
    price: Option<(u64, u64)>,
}

/// The names of the attributes `q` selects values of.
fn selected_attributes(q: &SearchQuery) -> Vec<&String> {
    q.attributes.iter().map(|(n, _)| n).collect()
}

impl FacetPlan {
    pub(super) fn new(
        engine: &SearchEngine,
        searcher: &Searcher,
        departments: &Departments,
        q: &SearchQuery,
    ) -> Result<Self, SearchError> {
        // The department facet lists the children of…
        let parent_department = match q.departments.as_slice() {
            [one] => Some(*one),
            _ => q.landing,
        };
        let department_parent =
            parent_department.map_or_else(department_root, |d| departments.facet(d));
        let names = attribute_names(engine, searcher)?;
        Ok(Self {
            department_parent,
            names,
        })
    }

    /// Adds to the main pass the total and the counts of the facets without a selection.
    pub(super) fn collect(&self, multi: &mut MultiCollector<'_>, q: &SearchQuery) -> Collected {
        let count = multi.add_collector(Count);
        let mut department_collector = FacetCollector::for_field("department");
        department_collector.add_facet(self.department_parent.clone());
        let departments =
            (q.departments.len() <= 1).then(|| multi.add_collector(department_collector));
        let brands = q.brands.is_empty().then(|| {
            let mut c = FacetCollector::for_field("brand_facet");
            c.add_facet(brand_root());
            multi.add_collector(c)
        });
        // The values of the attributes without a selection (the names' counts are their sums:
        // one pass over the attribute column, not two).
        let selected_attributes = selected_attributes(q);
        let unselected: Vec<&String> = self
            .names
            .iter()
            .filter(|n| !selected_attributes.contains(n))
            .collect();
        let attributes = (!unselected.is_empty()).then(|| {
            let mut c = FacetCollector::for_field("attribute_facet");
            for name in &unselected {
                c.add_facet(attribute_name_facet(name));
            }
            multi.add_collector(c)
        });
        let price = q
            .price
            .is_none()
            .then(|| multi.add_collector(MinMax::for_field("price")));
        Collected {
            count,
            departments,
            brands,
            attributes,
            price,
        }
    }
}

impl Collected {
    /// The counts from the main pass's `fruits`; those of a facet with a selection by a search
    /// of their own, without it (an attribute's, when its facet is built).
    pub(super) fn extract(
        self,
        fruits: &mut MultiFruit,
        searcher: &Searcher,
        built: &Built,
        plan: &FacetPlan,
    ) -> Result<Counts, SearchError> {
        let total = self.count.extract(fruits) as u64;
        let departments = match self.departments {
            Some(handle) => handle.extract(fruits),
            None => {
                let mut c = FacetCollector::for_field("department");
                c.add_facet(plan.department_parent.clone());
                searcher.search(&built.query(Some(&Dim::Department)), &c)?
            }
        };
        let brands = match self.brands {
            Some(handle) => handle.extract(fruits),
            None => {
                let mut c = FacetCollector::for_field("brand_facet");
                c.add_facet(brand_root());
                searcher.search(&built.query(Some(&Dim::Brand)), &c)?
            }
        };
        let attributes = self.attributes.map(|h| h.extract(fruits));
        let price = match self.price {
            Some(handle) => handle.extract(fruits),
            None => {
                searcher.search(&built.query(Some(&Dim::Price)), &MinMax::for_field("price"))?
            }
        };
        Ok(Counts {
            total,
            departments,
            brands,
            attributes,
            price,
        })
    }
}

impl SearchEngine {
    /// The facets of `q`, in the order shown: department, brand, attributes, availability,
    /// price.
    pub(super) fn facets(
        &self,
        searcher: &Searcher,
        built: &Built,
        q: &SearchQuery,
        departments: &Departments,
        plan: &FacetPlan,
        counts: &Counts,
    ) -> Result<Vec<FacetResult>, SearchError> {
        let mut facets = vec![
            department_facet(q, departments, plan, counts),
            list_facet(
                "brand",
                "Brand",
                facet_values(&counts.brands, &brand_root()),
                &q.brands,
                TOP_BRANDS,
            ),
        ];
        facets.extend(attribute_facets(searcher, built, q, plan, counts)?);
        facets.push(self.availability_facet(searcher, built, q)?);
        facets.push(price_facet(counts.price));
        Ok(facets)
    }

    /// Availability, with the visitor's store.
    fn availability_facet(
        &self,
        searcher: &Searcher,
        built: &Built,
        q: &SearchQuery,
    ) -> Result<FacetResult, SearchError> {
        let mut values = Vec::new();
        let without = built.query(Some(&Dim::Availability));
        for a in [Availability::Store, Availability::Ship] {
            let Some(filter) = availability_query(self, a, q.store) else {
                continue;
            };
            let query = BooleanQuery::new(vec![
                (Occur::Must, without.box_clone()),
                (Occur::Must, filter),
            ]);
            let count = searcher.search(&query, &Count)? as u64;
            values.push(FacetValue {
                value: match a {
                    Availability::Store => "store".into(),
                    Availability::Ship => "ship".into(),
                },
                label: match a {
                    Availability::Store => "Pick up today at my store".into(),
                    Availability::Ship => "Ships to home".into(),
                },
                count,
                selected: q.availability.contains(&a),
                url: None,
            });
        }
        Ok(FacetResult {
            name: "availability".into(),
            label: "Availability".into(),
            kind: "list",
            values,
            min: None,
            max: None,
        })
    }
}

/// Departments: the children of the plan's parent, most products first; a selected one
/// always (with 0 when no match has it any more).
fn department_facet(
    q: &SearchQuery,
    departments: &Departments,
    plan: &FacetPlan,
    counts: &Counts,
) -> FacetResult {
    let selected: Vec<String> = q.departments.iter().map(i32::to_string).collect();
    let mut values: Vec<FacetValue> = facet_values(&counts.departments, &plan.department_parent)
        .into_iter()
        .filter_map(|(id, count)| {
            let d = departments.by_id.get(&id.parse::<i32>().ok()?)?;
            Some(FacetValue {
                selected: selected.contains(&id),
                value: id,
                label: d.name.clone(),
                count,
                url: Some(d.url.clone()),
            })
        })
        .collect();
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
    for id in &q.departments {
        if !values.iter().any(|v| v.value == id.to_string()) {
            if let Some(d) = departments.by_id.get(id) {
                values.insert(
                    0,
                    FacetValue {
                        value: id.to_string(),
                        label: d.name.clone(),
                        count: 0,
                        selected: true,
                        url: Some(d.url.clone()),
                    },
                );
            }
        }
    }
    FacetResult {
        name: "department".into(),
        label: "Department".into(),
        kind: "hierarchy",
        values,
        min: None,
        max: None,
    }
}

/// Attributes: those most products have, selected ones always. An attribute's count is the
/// sum of its values' (a product has one value per attribute); a selected one is held by
/// every match.
fn attribute_facets(
    searcher: &Searcher,
    built: &Built,
    q: &SearchQuery,
    plan: &FacetPlan,
    counts: &Counts,
) -> Result<Vec<FacetResult>, SearchError> {
    let (total, attribute_counts) = (counts.total, &counts.attributes);
    let selected_attributes = selected_attributes(q);
    let mut by_count: Vec<(String, u64)> = plan
        .names
        .iter()
        .filter_map(|name| {
            let n = if selected_attributes.contains(&name) {
                total
            } else {
                attribute_counts
                    .as_ref()
                    .map(|c| {
                        facet_values(c, &attribute_name_facet(name))
                            .iter()
                            .map(|(_, n)| n)
                            .sum()
                    })
                    .unwrap_or(0)
            };
            (n > 0).then(|| (name.clone(), n))
        })
        .collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let mut shown: Vec<String> = by_count
        .iter()
        .take(TOP_ATTRIBUTES)
        .map(|(n, _)| n.clone())
        .collect();
    for (name, _) in &q.attributes {
        if !shown.contains(name) {
            shown.push(name.clone());
        }
    }
    let mut facets = Vec::with_capacity(shown.len());
    for name in shown {
        let parent = attribute_name_facet(&name);
        let selected: Vec<String> = q
            .attributes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let counts = if selected.is_empty() {
            attribute_counts
                .as_ref()
                .map(|c| facet_values(c, &parent))
                .unwrap_or_default()
        } else {
            let mut c = FacetCollector::for_field("attribute_facet");
            c.add_facet(parent.clone());
            let counts = searcher.search(&built.query(Some(&Dim::Attribute(name.clone()))), &c)?;
            facet_values(&counts, &parent)
        };
        facets.push(list_facet(
            &attribute_param(&name),
            &name,
            counts,
            &selected,
            TOP_VALUES,
        ));
    }
    Ok(facets)
}

/// Price: the lowest and highest price among the matches (without the price filter).
fn price_facet(bounds: Option<(u64, u64)>) -> FacetResult {
    FacetResult {
        name: "price".into(),
        label: "Price".into(),
        kind: "range",
        values: vec![],
        min: bounds.map(|(lo, _)| cents_to_dollars(lo)),
        max: bounds.map(|(_, hi)| cents_to_dollars(hi)),
    }
}

fn list_facet(
    name: &str,
    label: &str,
    counts: Vec<(String, u64)>,
    selected: &[String],
    top: usize,
) -> FacetResult {
    let mut counts: HashMap<String, u64> = counts.into_iter().collect();
    let mut values: Vec<FacetValue> = counts
        .iter()
        .map(|(value, count)| FacetValue {
            value: value.clone(),
            label: value.clone(),
            count: *count,
            selected: selected.contains(value),
            url: None,
        })
        .collect();
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
    let mut kept: Vec<FacetValue> = Vec::with_capacity(top);
    for (i, v) in values.into_iter().enumerate() {
        if i < top || v.selected {
            kept.push(v);
        }
    }
    // A selected value no product has any more still shows (with 0), so it can be removed.
    for s in selected {
        if counts.remove(s).is_none() && !kept.iter().any(|v| &v.value == s) {
            kept.push(FacetValue {
                value: s.clone(),
                label: s.clone(),
                count: 0,
                selected: true,
                url: None,
            });
        }
    }
    FacetResult {
        name: name.to_string(),
        label: label.to_string(),
        kind: "list",
        values: kept,
        min: None,
        max: None,
    }
}

fn facet_values(counts: &FacetCounts, parent: &Facet) -> Vec<(String, u64)> {
    counts
        .get(parent.clone())
        .filter_map(|(facet, count)| {
            let last = facet.to_path().last().map(|s| s.to_string())?;
            Some((last, count))
        })
        .collect()
}

fn cents_to_dollars(cents: u64) -> f64 {
    cents as f64 / 100.0
}
