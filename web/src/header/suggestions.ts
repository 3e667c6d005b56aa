import { fetchAutocomplete, type AutocompleteResult } from '../api/shell';

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
