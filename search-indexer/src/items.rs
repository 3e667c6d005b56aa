//! What the pages the index answers show of each product (the query side's product summaries),
//! kept in memory beside the index that names them, so a page of 60 hits is not 60 rows read
//! from PostgreSQL every time.
//!
//! The index and these records change together: [`SearchEngine::update`] forgets the products
//! it is about to re-read (their read models are already current when it is called, so the
//! next read brings the new record), and a swapped-in generation forgets them all. A record read
//! from the read models while products were being forgotten is not kept ([`ItemCache::put`]
//! takes the epoch seen before the read): a record is never older than the index entry beside
//! it, except for the instant between an update's commit and its reload, when the index itself
//! is the older one.
//!
//! The values are whatever the query side keeps (`Arc<dyn Any>`: this crate does not know the
//! summary type). At most [`ItemCache::set_capacity`] records are held, in two halves: when
//! the newer half is full the older is dropped and the newer becomes the older; a record read
//! from the older half moves to the newer (the records of pages shown again stay).
//!
//! [`SearchEngine::update`]: crate::SearchEngine::update

use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A record of one product, as the query side made it.
pub type Item = Arc<dyn Any + Send + Sync>;

/// Records kept by default (`SEARCH_ITEM_CACHE`): the products of some 330 pages of 60. A
/// product summary with its JSON took about 5.5 KB of the process's memory (measured at a
/// million products: 113 MB more with 20,000 kept than with none).
pub const ITEM_CACHE_ENTRIES: usize = 20_000;

pub struct ItemCache {
    halves: Mutex<Halves>,
    capacity: AtomicUsize,
}

#[derive(Default)]
struct Halves {
    /// Counts the times products were forgotten.
    epoch: u64,
    newer: HashMap<String, Item>,
    older: HashMap<String, Item>,
}

impl Default for ItemCache {
    fn default() -> Self {
        Self {
            halves: Mutex::default(),
            capacity: AtomicUsize::new(ITEM_CACHE_ENTRIES),
        }
    }
}

impl ItemCache {
    fn halves(&self) -> std::sync::MutexGuard<'_, Halves> {
        self.halves.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps at most `entries` records (0: none, every page reads its products).
    pub fn set_capacity(&self, entries: usize) {
        self.capacity.store(entries, Ordering::Relaxed);
        if entries == 0 {
            let mut h = self.halves();
            h.newer.clear();
            h.older.clear();
        }
    }

    pub fn capacity(&self) -> usize {
        self.capacity.load(Ordering::Relaxed)
    }

    /// The records of `ids` held now (in order, `None` for each one not held), and the epoch
    /// to give [`Self::put`] with the records read for the others.
    pub fn get(&self, ids: &[String]) -> (Vec<Option<Item>>, u64) {
        let mut h = self.halves();
        let found = ids
            .iter()
            .map(|id| {
                if let Some(item) = h.newer.get(id) {
                    return Some(item.clone());
                }
                let item = h.older.remove(id)?;
                let half = self.capacity().div_ceil(2);
                insert(&mut h, half, id.clone(), item.clone());
                Some(item)
            })
            .collect();
        (found, h.epoch)
    }

    /// Keeps records read after [`Self::get`] answered `epoch`, unless products were forgotten
    /// since (the records might be older than what the index now holds).
    pub fn put(&self, epoch: u64, items: impl IntoIterator<Item = (String, Item)>) {
        let half = self.capacity().div_ceil(2);
        if half == 0 {
            return;
        }
        let mut h = self.halves();
        if h.epoch != epoch {
            return;
        }
        for (id, item) in items {
            insert(&mut h, half, id, item);
        }
    }

    /// Forgets `ids` (`None`: every product, a new generation of the index).
    pub fn forget(&self, ids: Option<&[String]>) {
        let mut h = self.halves();
        h.epoch += 1;
        match ids {
            Some(ids) => {
                for id in ids {
                    h.newer.remove(id);
                    h.older.remove(id);
                }
            }
            None => {
                h.newer.clear();
                h.older.clear();
            }
        }
    }

    /// Records held now.
    pub fn len(&self) -> usize {
        let h = self.halves();
        h.newer.len() + h.older.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn insert(h: &mut Halves, half: usize, id: String, item: Item) {
    if h.newer.len() >= half && !h.newer.contains_key(&id) {
        h.older = std::mem::take(&mut h.newer);
    }
    h.older.remove(&id);
    h.newer.insert(id, item);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(v: u32) -> Item {
        Arc::new(v)
    }

    fn value(i: &Option<Item>) -> Option<u32> {
        i.as_ref().map(|i| *i.downcast_ref::<u32>().unwrap())
    }

    fn ids(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn records_are_kept_until_forgotten() {
        let cache = ItemCache::default();
        let (found, epoch) = cache.get(&ids(&["1", "2"]));
        assert!(found.iter().all(Option::is_none));
        cache.put(epoch, [("1".into(), item(10)), ("2".into(), item(20))]);
        let (found, epoch) = cache.get(&ids(&["2", "1", "3"]));
        assert_eq!(
            found.iter().map(value).collect::<Vec<_>>(),
            vec![Some(20), Some(10), None]
        );
        cache.forget(Some(&ids(&["1"])));
        let (found, _) = cache.get(&ids(&["1", "2"]));
        assert_eq!(
            found.iter().map(value).collect::<Vec<_>>(),
            vec![None, Some(20)]
        );
        // Read before the forgetting: possibly older than the index, not kept.
        cache.put(epoch, [("1".into(), item(11))]);
        assert_eq!(value(&cache.get(&ids(&["1"])).0[0]), None);
        cache.forget(None);
        assert!(cache.is_empty());
    }

    #[test]
    fn at_most_the_capacity_is_held_and_records_shown_again_stay() {
        let cache = ItemCache::default();
        cache.set_capacity(4);
        let epoch = cache.get(&[]).1;
        cache.put(epoch, [("a".into(), item(1)), ("b".into(), item(2))]);
        cache.put(epoch, [("c".into(), item(3)), ("d".into(), item(4))]);
        // "a" is shown again: it moves to the newer half, "b" is not.
        assert_eq!(value(&cache.get(&ids(&["a"])).0[0]), Some(1));
        cache.put(epoch, [("e".into(), item(5)), ("f".into(), item(6))]);
        assert!(cache.len() <= 4, "{}", cache.len());
        let (found, _) = cache.get(&ids(&["a", "b", "c", "d", "e", "f"]));
        assert_eq!(
            found.iter().map(value).collect::<Vec<_>>(),
            vec![Some(1), None, None, None, Some(5), Some(6)]
        );
        cache.set_capacity(0);
        assert!(cache.is_empty());
        cache.put(cache.get(&[]).1, [("g".into(), item(7))]);
        assert!(cache.is_empty(), "nothing is kept when off");
    }
}
