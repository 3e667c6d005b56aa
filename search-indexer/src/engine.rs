//! The search engine of one process: its index (in memory, or in a directory generation under
//! `INDEX_DIR`), kept current by [`SearchEngine::update`], rebuilt by [`SearchEngine::reindex`]
//! into a fresh generation that is swapped in atomically while searches keep answering.
//!
//! Directory layout: `INDEX_DIR/gen-<id>/` holds one index; `INDEX_DIR/current` names the
//! live one (written to a temporary file and renamed, so a crash leaves the old or the new).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use sqlx::PgPool;
use tantivy::schema::{Schema, Value};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::document::{self, Departments};
use crate::schema::{build_schema, register_tokenizers, Fields};

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("search index directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("a reindex is already running")]
    Busy,
}

/// Heap of the index writer (tantivy needs at least 15 MB per thread).
const WRITER_HEAP: usize = 64 * 1024 * 1024;
/// Products read from PostgreSQL per page while reindexing.
const PAGE: i64 = 5000;

/// One index generation with its reader and writer.
pub struct Live {
    pub index: Index,
    pub reader: IndexReader,
    writer: Mutex<IndexWriter>,
    pub generation: String,
    /// Total and facets of the queries answered on this reader's current searcher.
    pub(crate) facets: FacetCache,
    /// Pages of the queries answered on it whose order does not depend on scores.
    pub(crate) pages: PageCache,
}

/// The total and facet counts of a query, the same for each of its sorts and pages.
pub(crate) struct CachedFacets {
    pub total: u64,
    pub facets: Vec<crate::hits::FacetResult>,
    /// The department tree the labels came from (held, so a newer tree is never mistaken
    /// for it).
    pub departments: Arc<Departments>,
}

/// A page of a query whose order does not depend on scores (a department listing, any sort
/// but relevance): the same on one searcher generation whoever asks.
pub(crate) struct CachedPage {
    pub ids: Vec<String>,
    pub pinned: Vec<String>,
    /// The department tree the query's filters were built from.
    pub departments: Arc<Departments>,
}

/// Queries' totals and facets on one searcher generation of one reader. Counting facets
/// reads every match's department, brand, attribute and price columns (a keyword with
/// 200,000 matches takes milliseconds), and a shopper's next page or other sort of the
/// same listing or search has the same counts. The first lookup on a newer generation (the
/// consumer committed a change, or a reindex swapped the reader, which comes with a cache
/// of its own) empties it: a count is never older than the page it comes with. Kept to
/// [`SearchEngine::set_facet_cache_entries`] queries: when full it is emptied.
pub(crate) type FacetCache = GenerationCache<CachedFacets>;

/// The pages of sorted listings on one searcher generation, kept as [`FacetCache`] keeps
/// counts: a department's first page by price is a scan of every product of the department
/// for the cheapest 60, the same for every shopper until the index changes.
pub(crate) type PageCache = GenerationCache<CachedPage>;

/// Values computed on one searcher generation (see [`FacetCache`]).
pub(crate) struct GenerationCache<V>(Mutex<(u64, std::collections::HashMap<String, Arc<V>>)>);

impl<V> Default for GenerationCache<V> {
    fn default() -> Self {
        Self(Mutex::default())
    }
}

/// Queries whose facets one searcher generation keeps by default (a few KB each;
/// `SEARCH_FACET_CACHE`).
pub const FACET_CACHE_ENTRIES: usize = 4096;

type GenerationMap<V> = std::collections::HashMap<String, Arc<V>>;

impl<V> GenerationCache<V> {
    /// The entries of `generation`: a newer generation than the one kept starts afresh; an
    /// older one (a search that took its searcher before the last reload) has none.
    fn of_generation(
        &self,
        generation: u64,
    ) -> Option<std::sync::MutexGuard<'_, (u64, GenerationMap<V>)>> {
        let mut cache = lock(&self.0);
        if cache.0 < generation {
            *cache = (generation, Default::default());
        }
        (cache.0 == generation).then_some(cache)
    }

    pub(crate) fn get(&self, generation: u64, key: &str) -> Option<Arc<V>> {
        self.of_generation(generation)?.1.get(key).cloned()
    }

    pub(crate) fn put(&self, generation: u64, key: String, value: V, entries: usize) {
        if entries == 0 {
            return;
        }
        if let Some(mut cache) = self.of_generation(generation) {
            let map = &mut cache.1;
            if map.len() >= entries {
                map.clear();
            }
            map.insert(key, Arc::new(value));
        }
    }
}

impl Live {
    fn new(index: Index, generation: String, threads: usize) -> Result<Self, SearchError> {
        register_tokenizers(&index);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let writer = index.writer_with_num_threads(threads, WRITER_HEAP * threads)?;
        Ok(Self {
            index,
            reader,
            writer: Mutex::new(writer),
            generation,
            facets: FacetCache::default(),
            pages: PageCache::default(),
        })
    }
}

/// Where a reindex stands (readable while it runs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReindexProgress {
    pub running: bool,
    pub done: u64,
    pub total: u64,
}

/// Score added to a keyword match of one of the most popular products.
pub const POPULARITY_BOOST: f32 = 1.0;
/// Products in the top popularity tier.
pub const POPULAR_TOP: usize = 50;
/// Popular products that rank higher at most.
pub const POPULAR_MAX: usize = 200;

/// Tiers of popular products: their id terms and the score a tier adds.
pub(crate) type PopularTiers = Vec<(Vec<tantivy::Term>, f32)>;

pub struct SearchEngine {
    pub fields: Fields,
    schema: Schema,
    dir: Option<PathBuf>,
    live: RwLock<Arc<Live>>,
    departments: RwLock<Arc<Departments>>,
    /// Product ids updated while a reindex runs: applied again to the new generation.
    updated_during_reindex: Mutex<Option<HashSet<String>>>,
    running: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    /// Score added to a keyword match in stock at the visitor's store (f32 bits).
    store_boost: std::sync::atomic::AtomicU32,
    /// Queries whose total and facets a searcher generation keeps (0: none).
    facet_cache_entries: std::sync::atomic::AtomicUsize,
    /// Popular products (tracked views, adds and sales): tiers of ids and the score each adds
    /// to a keyword match.
    popular: RwLock<Arc<PopularTiers>>,
    /// The attribute facet names of the last searcher's segments (a scan of the facet terms,
    /// done again only when the segments change).
    pub(crate) attribute_names: SegmentCache<std::collections::BTreeSet<String>>,
    /// The brands of the last searcher's segments (likewise).
    /// (each with its words as autocomplete compares them).
    pub(crate) brand_names: SegmentCache<BrandWords>,
    /// What the query side shows of the products this index names, forgotten as they change.
    pub items: crate::items::ItemCache,
    /// The synonym rules searches apply (the published version; the starter list until the
    /// query side loads it).
    synonyms: RwLock<Arc<crate::synonyms::Synonyms>>,
}

/// Brands, each with its words as autocomplete compares them.
pub(crate) type BrandWords = Vec<(String, Vec<String>)>;

/// A value worked out from a searcher's segments, kept until the segments change.
pub(crate) struct SegmentCache<T>(Mutex<Option<(Vec<tantivy::index::SegmentId>, Arc<T>)>>);

impl<T> Default for SegmentCache<T> {
    fn default() -> Self {
        Self(Mutex::new(None))
    }
}

impl<T> SegmentCache<T> {
    pub(crate) fn get_or(
        &self,
        searcher: &tantivy::Searcher,
        compute: impl FnOnce() -> Result<T, SearchError>,
    ) -> Result<Arc<T>, SearchError> {
        let segments: Vec<tantivy::index::SegmentId> = searcher
            .segment_readers()
            .iter()
            .map(|s| s.segment_id())
            .collect();
        if let Some((seen, value)) = lock(&self.0).as_ref() {
            if *seen == segments {
                return Ok(value.clone());
            }
        }
        let value = Arc::new(compute()?);
        *lock(&self.0) = Some((segments, value.clone()));
        Ok(value)
    }
}

/// The default in-stock-at-my-store boost: a score added to the match's own (BM25 scores of a
/// good match run about 5 to 30), so an item on the shelf nearby moves up among similar
/// matches without outranking a clearly better one. `SEARCH_STORE_BOOST` sets it; 0 turns
/// it off.
pub const DEFAULT_STORE_BOOST: f32 = 2.0;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl SearchEngine {
    /// An empty index in memory (tests, tools); fill it with [`Self::reindex`].
    pub fn in_memory() -> Self {
        let schema = build_schema();
        let index = Index::create_in_ram(schema.clone());
        let live = Live::new(index, "memory".into(), 1).expect("an in-memory index opens");
        Self::with(schema, None, live)
    }

    /// The index under `dir` (the generation `dir/current` names), or a new empty one.
    /// Answers whether an existing index was opened (else the caller should reindex).
    pub fn open(dir: &Path) -> Result<(Self, bool), SearchError> {
        std::fs::create_dir_all(dir)?;
        let schema = build_schema();
        if let Some(generation) = read_current(dir) {
            match Index::open_in_dir(dir.join(&generation)) {
                Ok(index) if index.schema() == schema => {
                    let live = Live::new(index, generation, 1)?;
                    return Ok((Self::with(schema, Some(dir.to_path_buf()), live), true));
                }
                Ok(_) => tracing::warn!(%generation, "the index has an older schema: rebuilding"),
                Err(e) => {
                    tracing::warn!(%generation, error = %e, "the index cannot be opened: rebuilding")
                }
            }
        }
        let (index, generation) = new_generation(dir, &schema)?;
        let live = Live::new(index, generation.clone(), 1)?;
        write_current(dir, &generation)?;
        Ok((Self::with(schema, Some(dir.to_path_buf()), live), false))
    }

    fn with(schema: Schema, dir: Option<PathBuf>, live: Live) -> Self {
        Self {
            fields: Fields::of(&schema),
            schema,
            dir,
            live: RwLock::new(Arc::new(live)),
            departments: RwLock::new(Arc::new(Departments::default())),
            updated_during_reindex: Mutex::new(None),
            running: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            store_boost: std::sync::atomic::AtomicU32::new(DEFAULT_STORE_BOOST.to_bits()),
            facet_cache_entries: std::sync::atomic::AtomicUsize::new(FACET_CACHE_ENTRIES),
            popular: RwLock::new(Arc::new(Vec::new())),
            attribute_names: SegmentCache::default(),
            brand_names: SegmentCache::default(),
            items: Default::default(),
            synonyms: RwLock::new(Arc::new(crate::synonyms::Synonyms::starter())),
        }
    }

    /// The synonym rules searches apply now.
    pub fn synonyms(&self) -> Arc<crate::synonyms::Synonyms> {
        self.synonyms
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Makes `synonyms` the rules of every search from now on.
    pub fn set_synonyms(&self, synonyms: crate::synonyms::Synonyms) {
        *self.synonyms.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(synonyms);
    }

    /// The rules and the time a query applies: its own (a preview's), else the engine's; its
    /// date (`HawkDate`), else now.
    pub fn synonyms_of(
        &self,
        q: &crate::search::SearchQuery,
    ) -> (
        Arc<crate::synonyms::Synonyms>,
        chrono::DateTime<chrono::Utc>,
    ) {
        (
            q.synonyms.clone().unwrap_or_else(|| self.synonyms()),
            q.at.unwrap_or_else(chrono::Utc::now),
        )
    }

    /// Sets the in-stock-at-my-store ranking boost (negative or non-finite values count as 0).
    pub fn set_store_boost(&self, boost: f32) {
        let boost = if boost.is_finite() {
            boost.max(0.0)
        } else {
            0.0
        };
        self.store_boost
            .store(boost.to_bits(), std::sync::atomic::Ordering::Relaxed);
    }

    /// Sets how many queries' totals and facets are kept per index version (0: none, every
    /// answer counts its facets).
    pub fn set_facet_cache_entries(&self, entries: usize) {
        self.facet_cache_entries
            .store(entries, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn facet_cache_entries(&self) -> usize {
        self.facet_cache_entries
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The in-stock-at-my-store ranking boost.
    pub fn store_boost(&self) -> f32 {
        f32::from_bits(self.store_boost.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Sets the popular products, most popular first: the first [`POPULAR_TOP`] add
    /// [`POPULARITY_BOOST`] to a keyword match's score, the rest (up to [`POPULAR_MAX`]) half of
    /// it. Ranking only: what matches and the counts never change.
    pub fn set_popular(&self, ranked: &[String]) {
        let term = |id: &String| tantivy::Term::from_field_text(self.fields.id, id);
        let ranked = &ranked[..ranked.len().min(POPULAR_MAX)];
        let (top, rest) = ranked.split_at(ranked.len().min(POPULAR_TOP));
        let mut tiers = Vec::new();
        if !top.is_empty() {
            tiers.push((top.iter().map(term).collect(), POPULARITY_BOOST));
        }
        if !rest.is_empty() {
            tiers.push((rest.iter().map(term).collect(), POPULARITY_BOOST / 2.0));
        }
        *self.popular.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(tiers);
    }

    /// The popularity tiers (ids, score added).
    pub(crate) fn popular_tiers(&self) -> Arc<PopularTiers> {
        self.popular
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The live generation (searches hold it for their duration: a swap never cuts them).
    pub fn live(&self) -> Arc<Live> {
        self.live.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn departments(&self) -> Arc<Departments> {
        self.departments
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Reloads the department tree (after department events).
    pub async fn refresh_departments(&self, pool: &PgPool) -> Result<(), SearchError> {
        let tree = Departments::load(pool).await?;
        *self.departments.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(tree);
        Ok(())
    }

    pub fn progress(&self) -> ReindexProgress {
        ReindexProgress {
            running: self.running.load(Ordering::Relaxed),
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
        }
    }

    /// How many products the live index holds.
    pub fn len(&self) -> u64 {
        self.live().reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Re-reads `ids` from the read models and replaces their documents (a product gone or
    /// discontinued is removed); searchable when this returns.
    pub async fn update(&self, pool: &PgPool, ids: &[String]) -> Result<usize, SearchError> {
        if ids.is_empty() {
            return Ok(0);
        }
        if let Some(pending) = lock(&self.updated_during_reindex).as_mut() {
            pending.extend(ids.iter().cloned());
        }
        // Their read models are current: the records read from here on are the new ones.
        self.items.forget(Some(ids));
        let docs = document::load_products(pool, ids).await?;
        let departments = self.departments();
        let live = self.live();
        let fields = self.fields.clone();
        let ids = ids.to_vec();
        tokio::task::spawn_blocking(move || -> Result<usize, SearchError> {
            let mut writer = lock(&live.writer);
            for id in &ids {
                writer.delete_term(Term::from_field_text(fields.id, id));
            }
            for doc in &docs {
                writer.add_document(doc.to_document(&fields, &departments))?;
            }
            writer.commit()?;
            drop(writer);
            live.reader.reload()?;
            Ok(docs.len())
        })
        .await
        .map_err(|e| SearchError::Io(std::io::Error::other(e.to_string())))?
    }

    /// Builds a fresh index from the read models and swaps it in; searches keep answering
    /// from the old one until the swap. `on_progress(done, total)` reports as it goes.
    pub async fn reindex(
        &self,
        pool: &PgPool,
        on_progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<u64, SearchError> {
        self.claim()?;
        self.reindex_claimed(pool, on_progress).await
    }

    /// Starts a reindex in the background; its progress reads as running from the moment this
    /// returns. `Busy` when one is running.
    pub fn spawn_reindex(self: &Arc<Self>, pool: PgPool) -> Result<(), SearchError> {
        self.claim()?;
        let engine = self.clone();
        tokio::spawn(async move {
            let started = std::time::Instant::now();
            match engine.reindex_claimed(&pool, &|_, _| {}).await {
                Ok(n) => tracing::info!(
                    products = n,
                    seconds = started.elapsed().as_secs_f64(),
                    "search index rebuilt"
                ),
                Err(e) => tracing::warn!(error = %e, "search reindex failed"),
            }
        });
        Ok(())
    }

    fn claim(&self) -> Result<(), SearchError> {
        if self.running.swap(true, Ordering::SeqCst) {
            return Err(SearchError::Busy);
        }
        self.done.store(0, Ordering::Relaxed);
        self.total.store(0, Ordering::Relaxed);
        *lock(&self.updated_during_reindex) = Some(HashSet::new());
        Ok(())
    }

    async fn reindex_claimed(
        &self,
        pool: &PgPool,
        on_progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<u64, SearchError> {
        let result = self.build_and_swap(pool, on_progress).await;
        let pending = lock(&self.updated_during_reindex).take();
        self.running.store(false, Ordering::SeqCst);
        let indexed = result?;
        // Changes that arrived while the new generation was built.
        if let Some(ids) = pending.filter(|p| !p.is_empty()) {
            let ids: Vec<String> = ids.into_iter().collect();
            self.update(pool, &ids).await?;
        }
        Ok(indexed)
    }

    async fn build_and_swap(
        &self,
        pool: &PgPool,
        on_progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<u64, SearchError> {
        let report = |done: u64, total: u64| {
            self.total.store(total, Ordering::Relaxed);
            self.done.store(done, Ordering::Relaxed);
            on_progress(done, total);
        };
        let built = build_generation(
            pool,
            self.dir.as_deref(),
            &self.schema,
            &self.fields,
            &report,
        )
        .await?;
        let done = built.indexed;
        if let Some(dir) = &self.dir {
            write_current(dir, &built.live.generation)?;
        }
        self.swap(built.live, built.departments);
        Ok(done)
    }

    /// Makes `fresh` the live generation; the old one's directory is removed a little later
    /// (searches still running on it keep their open files; its writer stops with the last).
    fn swap(&self, fresh: Arc<Live>, departments: Arc<Departments>) {
        *self.departments.write().unwrap_or_else(|e| e.into_inner()) = departments;
        let generation = fresh.generation.clone();
        let old = std::mem::replace(
            &mut *self.live.write().unwrap_or_else(|e| e.into_inner()),
            fresh,
        );
        self.items.forget(None);
        if let Some(dir) = &self.dir {
            if old.generation != generation {
                let old_dir = dir.join(&old.generation);
                drop(old);
                tokio::spawn(async move {
                    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
                    if let Err(e) = std::fs::remove_dir_all(&old_dir) {
                        tracing::warn!(dir = %old_dir.display(), error = %e, "could not remove the old index");
                    }
                });
            }
        }
    }

    /// Follows a reindex made by another process (`storefront reindex`): when `current`
    /// names another generation, opens it, swaps it in and re-applies the products changed
    /// since that generation was built. Answers whether it swapped.
    pub async fn follow_current(&self, pool: &PgPool) -> Result<bool, SearchError> {
        let Some(dir) = &self.dir else {
            return Ok(false);
        };
        if self.running.load(Ordering::SeqCst) {
            return Ok(false);
        }
        let Some(generation) = read_current(dir) else {
            return Ok(false);
        };
        if generation == self.live().generation {
            return Ok(false);
        }
        let index = Index::open_in_dir(dir.join(&generation))?;
        let live = Arc::new(Live::new(index, generation.clone(), 1)?);
        let departments = Arc::new(Departments::load(pool).await?);
        self.swap(live, departments);
        let built_at = std::fs::read_to_string(dir.join(&generation).join(BUILT_AT))
            .ok()
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t.trim()).ok())
            .map(|t| t.with_timezone(&chrono::Utc))
            .unwrap_or_else(chrono::Utc::now);
        let since = built_at - chrono::Duration::minutes(10);
        let ids: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type IN ('Product', 'Inventory') AND recorded_at >= $1",
        )
        .bind(since)
        .fetch_all(pool)
        .await?;
        self.update(pool, &ids).await?;
        tracing::info!(%generation, caught_up = ids.len(), "search index swapped to a new generation");
        Ok(true)
    }

    /// `storefront reindex`: builds a new generation under `dir` from the read models and makes
    /// it current; a running server follows it within seconds. Answers (products, generation).
    pub async fn build_in_dir(
        dir: &Path,
        pool: &PgPool,
        on_progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(u64, PathBuf), SearchError> {
        std::fs::create_dir_all(dir)?;
        let schema = build_schema();
        let fields = Fields::of(&schema);
        let built = build_generation(pool, Some(dir), &schema, &fields, on_progress).await?;
        let generation = built.live.generation.clone();
        drop(built);
        write_current(dir, &generation)?;
        let path = dir.join(generation);
        Ok((count_docs(&path)?, path))
    }

    /// Indexes `docs` into the live generation and makes them searchable (unit tests).
    #[cfg(test)]
    pub(crate) fn add_for_test(&self, docs: &[document::ProductDoc]) {
        let live = self.live();
        let departments = self.departments();
        let mut writer = lock(&live.writer);
        for doc in docs {
            writer
                .add_document(doc.to_document(&self.fields, &departments))
                .unwrap();
        }
        writer.commit().unwrap();
        live.reader.reload().unwrap();
    }

    /// The product numbers of hits, in their order: from the `id_number` column (one read
    /// per hit), or, for a number the column cannot hold, from the stored document (a block
    /// of the document store decompressed per hit).
    pub fn product_ids(
        &self,
        searcher: &tantivy::Searcher,
        hits: impl IntoIterator<Item = tantivy::DocAddress>,
    ) -> Result<Vec<String>, SearchError> {
        let mut columns: Vec<Option<tantivy::columnar::Column<u64>>> =
            vec![None; searcher.segment_readers().len()];
        let mut ids = Vec::new();
        for address in hits {
            let segment = address.segment_ord as usize;
            let column = match &mut columns[segment] {
                Some(column) => column,
                slot => slot.insert(
                    searcher
                        .segment_reader(address.segment_ord)
                        .fast_fields()
                        .u64("id_number")?,
                ),
            };
            match column.first(address.doc_id).filter(|n| *n != 0) {
                Some(number) => ids.push(number.to_string()),
                None => {
                    let doc: TantivyDocument = searcher.doc(address)?;
                    if let Some(id) = doc.get_first(self.fields.id).and_then(|v| v.as_str()) {
                        ids.push(id.to_string());
                    }
                }
            }
        }
        Ok(ids)
    }
}

/// A generation's build time (RFC 3339), written before its products are read.
const BUILT_AT: &str = "built-at";

struct Built {
    live: Arc<Live>,
    departments: Arc<Departments>,
    indexed: u64,
}

/// Builds a complete, committed generation from the read models (in `dir`, or in memory).
async fn build_generation(
    pool: &PgPool,
    dir: Option<&Path>,
    schema: &Schema,
    fields: &Fields,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Built, SearchError> {
    let departments = Arc::new(Departments::load(pool).await?);
    let total = document::count_products(pool).await?.max(0) as u64;
    on_progress(0, total);
    let (index, generation) = match dir {
        Some(dir) => {
            let (index, generation) = new_generation(dir, schema)?;
            std::fs::write(
                dir.join(&generation).join(BUILT_AT),
                chrono::Utc::now().to_rfc3339(),
            )?;
            (index, generation)
        }
        None => (Index::create_in_ram(schema.clone()), "memory".to_string()),
    };
    let threads = if total > 100_000 { 2 } else { 1 };
    let fresh = Arc::new(Live::new(index, generation, threads)?);
    // No merges while the build writes: one merge of everything at the end (below) costs less
    // than merging as it goes, and leaves one segment, which answers faster (facet counts walk
    // each segment's terms).
    lock(&fresh.writer).set_merge_policy(Box::new(tantivy::indexer::NoMergePolicy));
    let started = std::time::Instant::now();
    // The next pages are read while this one is indexed, so the writer never waits for
    // PostgreSQL (at a million products a page read in about 30 ms, indexed in about 180).
    let (pages, mut received) = tokio::sync::mpsc::channel::<Vec<document::ProductDoc>>(2);
    let reader = {
        let pool = pool.clone();
        tokio::spawn(async move {
            let mut after = String::new();
            loop {
                let page = document::load_page(&pool, &after, PAGE).await?;
                let Some(last) = page.last() else {
                    return Ok::<(), SearchError>(());
                };
                after = last.blain_number.clone();
                if pages.send(page).await.is_err() {
                    return Ok(());
                }
            }
        })
    };
    let mut done = 0u64;
    while let Some(page) = received.recv().await {
        let (fresh, fields, departments) = (fresh.clone(), fields.clone(), departments.clone());
        let n = page.len() as u64;
        tokio::task::spawn_blocking(move || -> Result<(), SearchError> {
            let writer = lock(&fresh.writer);
            for doc in &page {
                writer.add_document(doc.to_document(&fields, &departments))?;
            }
            Ok(())
        })
        .await
        .map_err(|e| SearchError::Io(std::io::Error::other(e.to_string())))??;
        done += n;
        on_progress(done.min(total), total);
    }
    reader
        .await
        .map_err(|e| SearchError::Io(std::io::Error::other(e.to_string())))??;
    let read = started.elapsed();
    let committed = fresh.clone();
    tokio::task::spawn_blocking(move || -> Result<(), SearchError> {
        let mut writer = lock(&committed.writer);
        writer.commit()?;
        let written = started.elapsed();
        let segments = committed.index.searchable_segment_ids()?;
        if segments.len() > 1 {
            writer.merge(&segments).wait()?;
        }
        tracing::info!(
            read_and_indexed_s = read.as_secs_f64(),
            committed_s = (written - read).as_secs_f64(),
            segments = segments.len(),
            merged_s = (started.elapsed() - written).as_secs_f64(),
            "search index generation built"
        );
        // Later updates add small segments: the usual policy merges those.
        writer.set_merge_policy(Box::new(tantivy::indexer::LogMergePolicy::default()));
        drop(writer);
        committed.reader.reload()?;
        Ok(())
    })
    .await
    .map_err(|e| SearchError::Io(std::io::Error::other(e.to_string())))??;
    Ok(Built {
        live: fresh,
        departments,
        indexed: done,
    })
}

fn count_docs(path: &Path) -> Result<u64, SearchError> {
    let index = Index::open_in_dir(path)?;
    Ok(index.reader()?.searcher().num_docs())
}

fn read_current(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join("current"))
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|g| !g.is_empty() && dir.join(g).is_dir())
}

fn new_generation(dir: &Path, schema: &Schema) -> Result<(Index, String), SearchError> {
    let generation = format!("gen-{}", uuid::Uuid::new_v4().simple());
    let path = dir.join(&generation);
    std::fs::create_dir_all(&path)?;
    Ok((Index::create_in_dir(&path, schema.clone())?, generation))
}

fn write_current(dir: &Path, generation: &str) -> Result<(), std::io::Error> {
    let tmp = dir.join("current.tmp");
    std::fs::write(&tmp, generation)?;
    std::fs::rename(&tmp, dir.join("current"))
}
