//! "Did you mean": for a keyword that found nothing, the keyword with each word the catalog
//! lacks replaced by the catalog's nearest word.

use tantivy::collector::Count;
use tantivy::{Searcher, Term};

use super::keyword::{keyword_query, MAX_WORDS};
use crate::engine::{SearchEngine, SearchError};
use crate::schema::{tokens, words_analyzer};

/// Edits between two words, by characters, a swap of neighbours counting one (optimal string
/// alignment: the same measure as the typo tolerance's).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

impl SearchEngine {
    /// For a keyword that found nothing: the keyword with each word the catalog lacks replaced
    /// by the catalog's nearest word (up to 1 edit for words of 3–4 letters, 2 above; same
    /// first letter; the word most products have wins a tie), when that keyword finds
    /// something. Words with digits are never changed.
    pub fn did_you_mean(&self, keyword: &str) -> Result<Option<String>, SearchError> {
        let words: Vec<String> = tokens(words_analyzer(), keyword)
            .into_iter()
            .take(MAX_WORDS)
            .collect();
        let live = self.live();
        let searcher = live.reader.searcher();
        let mut changed = false;
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            let known = searcher.doc_freq(&Term::from_field_text(self.fields.words, &w))? > 0;
            let letters = w.chars().count();
            if known || letters < 3 || w.chars().any(|c| c.is_ascii_digit()) {
                out.push(w);
                continue;
            }
            match self.nearest_word(&searcher, &w, if letters <= 4 { 1 } else { 2 })? {
                Some(better) => {
                    out.push(better);
                    changed = true;
                }
                None => out.push(w),
            }
        }
        if !changed {
            return Ok(None);
        }
        let suggestion = out.join(" ");
        let synonyms = self.synonyms();
        let found = searcher.search(
            &*keyword_query(self, &suggestion, false, (&synonyms, chrono::Utc::now())),
            &Count,
        )?;
        Ok((found > 0).then_some(suggestion))
    }

    fn nearest_word(
        &self,
        searcher: &Searcher,
        word: &str,
        max: usize,
    ) -> Result<Option<String>, SearchError> {
        let Some(first) = word.chars().next() else {
            return Ok(None);
        };
        let low = first.to_string();
        let high = char::from_u32(first as u32 + 1).map(|c| c.to_string());
        let mut best: Option<(usize, std::cmp::Reverse<u32>, String)> = None;
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.words)?;
            let mut range = inverted.terms().range().ge(low.as_bytes());
            if let Some(high) = &high {
                range = range.lt(high.as_bytes());
            }
            let mut stream = range.into_stream()?;
            while stream.advance() {
                let Ok(candidate) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                if candidate.chars().count().abs_diff(word.chars().count()) > max {
                    continue;
                }
                let distance = edit_distance(word, candidate);
                if distance == 0 || distance > max {
                    continue;
                }
                let key = (
                    distance,
                    std::cmp::Reverse(stream.value().doc_freq),
                    candidate.to_string(),
                );
                if best.as_ref().is_none_or(|b| key < *b) {
                    best = Some(key);
                }
            }
        }
        Ok(best.map(|(_, _, w)| w))
    }
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("chraegr", "charger"), 2);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("wire", "tire"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("flashlite", "flashlight"), 3);
    }
}
