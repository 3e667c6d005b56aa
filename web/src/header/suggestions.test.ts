import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_AUTOCOMPLETE, type AutocompleteResult } from '../shared/api/shell';
import { getSuggestions, noSuggestionsMessage, resetSuggestionCache, suggestionsPanel } from './suggestions';

const fetchMock = vi.fn<typeof fetch>();

function keywordsAsked(): string[] {
  return fetchMock.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.searchParams.get('keyword') ?? '(none)';
  });
}

const POPULAR = { ...EMPTY_AUTOCOMPLETE, popularSearches: [{ url: '/s/?keyword=dog+food', html: 'dog food' }] };

beforeEach(() => {
  resetSuggestionCache();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const keyword = new URL(String(input), 'http://localhost').searchParams.get('keyword');
    return Response.json(keyword ? { ...EMPTY_AUTOCOMPLETE, brands: [{ url: `/b/${keyword}`, html: keyword }] } : POPULAR);
  });
  vi.stubGlobal('fetch', fetchMock);
});

describe('suggestion calls (spec §7: GET /s/a/autocomplete)', () => {
  it('the empty-keyword answer (popular searches) is fetched once and cached', async () => {
    expect((await getSuggestions('')).popularSearches).toHaveLength(1);
    await getSuggestions('   ');
    await getSuggestions('dog');
    await getSuggestions('');
    expect(keywordsAsked()).toEqual(['', 'dog']);
  });

  it('the last keyword’s answer is reused; only the last', async () => {
    const first = await getSuggestions('dog');
    expect(await getSuggestions('dog ')).toBe(first);
    await getSuggestions('cat');
    await getSuggestions('dog');
    expect(keywordsAsked()).toEqual(['dog', 'cat', 'dog']);
  });

  it('a failed call is not kept: the next ask fetches again', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(getSuggestions('dog')).rejects.toBeTruthy();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(getSuggestions('')).rejects.toBeTruthy();
    await getSuggestions('dog');
    await getSuggestions('');
    expect(keywordsAsked()).toEqual(['dog', '', 'dog', '']);
  });
});

describe('suggestionsPanel', () => {
  const data = (over: Partial<AutocompleteResult> = {}) => ({ ...EMPTY_AUTOCOMPLETE, ...over });

  it('suggestions when the answer for this value has some', () => {
    expect(suggestionsPanel(true, 'dog', { value: 'dog', data: data({ brands: [{ url: '/b', html: 'Dog' }] }) })).toBe(
      'suggestions',
    );
  });

  it('a keyword with no match gives the no-match message rather than closing', () => {
    expect(suggestionsPanel(true, 'zzzq ', { value: 'zzzq', data: data() })).toBe('no-match');
    expect(noSuggestionsMessage(' zzzq ')).toBe('No suggestions for “zzzq”');
  });

  it('closed when closed, for 1–4 digits, for a stale answer, or for empty popular searches', () => {
    expect(suggestionsPanel(false, 'dog', { value: 'dog', data: data() })).toBe('closed');
    expect(suggestionsPanel(true, '1234', { value: '1234', data: data() })).toBe('closed');
    expect(suggestionsPanel(true, 'dog', { value: 'do', data: data() })).toBe('closed');
    expect(suggestionsPanel(true, 'dog', null)).toBe('closed');
    expect(suggestionsPanel(true, '', { value: '', data: data() })).toBe('closed');
  });
});
