import { fetchAutocomplete, type AutocompleteResult } from '../shared/api/shell';

/** spec §5/§9: the search input's maximum; longer values are cut. */
export const SEARCH_MAX_LENGTH = 150;
export const EMPTY_SEARCH_MESSAGE = 'Please enter a search term.';

export function cutSearchValue(value: string): string {
  return value.length > SEARCH_MAX_LENGTH ? value.slice(0, SEARCH_MAX_LENGTH) : value;
}

/** A purely numeric value of 1 to 4 digits gets no suggestions (spec §5). */
export function suppressesSuggestions(value: string): boolean {
  return /^\d{1,4}$/.test(value.trim());
}

export function hasSuggestions(result: AutocompleteResult | null): result is AutocompleteResult {
  return (
    !!result &&
    (result.popularSearches.length > 0 ||
      result.brands.length > 0 ||
      result.categories.length > 0 ||
      result.products.length > 0)
  );
}

/** What the suggestions panel shows for a keyword that matches nothing. */
export function noSuggestionsMessage(keyword: string): string {
  return `No suggestions for “${keyword.trim()}”`;
}

export type SuggestionsPanel = 'closed' | 'suggestions' | 'no-match';

/**
 * What the panel under the search box shows: the suggestions; for a keyword
 * that matches nothing, a short message (instead of closing with no word);
 * else nothing (closed, 1–4 digits, no answer yet for this value, or the
 * empty keyword with no popular searches).
 */
export function suggestionsPanel(
  open: boolean,
  value: string,
  result: { value: string; data: AutocompleteResult } | null,
): SuggestionsPanel {
  const keyword = value.trim();
  if (!open || suppressesSuggestions(value) || result === null || result.value !== keyword) return 'closed';
  if (hasSuggestions(result.data)) return 'suggestions';
  return keyword === '' ? 'closed' : 'no-match';
}

let emptyKeyword: Promise<AutocompleteResult> | null = null;
let last: { keyword: string; result: Promise<AutocompleteResult> } | null = null;

/**
 * Suggestions for `value` (spec §7): the empty-keyword result is fetched once
 * and cached; the last keyword's result is reused when asked again.
 */
export function getSuggestions(value: string): Promise<AutocompleteResult> {
  const keyword = value.trim();
  if (keyword === '') {
    if (!emptyKeyword) {
      const request = fetchAutocomplete('');
      emptyKeyword = request;
      request.catch(() => {
        if (emptyKeyword === request) emptyKeyword = null;
      });
    }
    return emptyKeyword;
  }
  if (last && last.keyword === keyword) return last.result;
  const request = fetchAutocomplete(keyword);
  const entry = { keyword, result: request };
  last = entry;
  request.catch(() => {
    if (last === entry) last = null;
  });
  return request;
}

export function resetSuggestionCache(): void {
  emptyKeyword = null;
  last = null;
}

/** Text of server-escaped HTML (product names arrive with entities like &#39;). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  // DOMParser documents are inert: nothing in them runs or loads.
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${text}`, 'text/html');
  return doc.body.textContent ?? text;
}

/** Plain text of a suggestion's html (for analytics). */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return doc.body.textContent ?? '';
}
