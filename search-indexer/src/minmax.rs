//! A collector of the lowest and highest value of a u64 fast field among the matching
//! documents (the price range facet's bounds).

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::Column;
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

pub struct MinMax {
    field: String,
}

impl MinMax {
    pub fn for_field(field: &str) -> Self {
        Self {
            field: field.to_string(),
        }
    }
}

pub struct SegmentMinMax {
    column: Column<u64>,
    bounds: Option<(u64, u64)>,
}

fn merge(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<(u64, u64)> {
    match (a, b) {
        (Some((lo1, hi1)), Some((lo2, hi2))) => Some((lo1.min(lo2), hi1.max(hi2))),
        (x, None) | (None, x) => x,
    }
}

impl Collector for MinMax {
    type Fruit = Option<(u64, u64)>;
    type Child = SegmentMinMax;

    fn for_segment(
        &self,
        _: SegmentOrdinal,
        segment: &SegmentReader,
    ) -> tantivy::Result<SegmentMinMax> {
        Ok(SegmentMinMax {
            column: segment.fast_fields().u64(&self.field)?,
            bounds: None,
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Option<(u64, u64)>>) -> tantivy::Result<Option<(u64, u64)>> {
        Ok(fruits.into_iter().fold(None, merge))
    }
}

impl SegmentCollector for SegmentMinMax {
    type Fruit = Option<(u64, u64)>;

    fn collect(&mut self, doc: DocId, _: Score) {
        if let Some(v) = self.column.first(doc) {
            self.bounds = merge(self.bounds, Some((v, v)));
        }
    }

    fn harvest(self) -> Option<(u64, u64)> {
        self.bounds
    }
}
