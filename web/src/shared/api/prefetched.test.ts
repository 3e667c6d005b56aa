import { afterEach, describe, expect, it } from 'vitest';
import {
  allPrefetched,
  clearPrefetched,
  prefetched,
  prefetchedBody,
  primePrefetched,
  recordPrefetched,
  setServerScope,
} from './prefetched';
import { prefetchedProduct, productUrl } from './product';
import { detailsFixture } from './testing';

afterEach(() => {
  clearPrefetched();
  setServerScope(() => undefined);
});

describe('the answers a page was rendered with', () => {
  it('are read by URL until the page moves on', () => {
    primePrefetched({ [productUrl('4935743')]: detailsFixture('4935743', { name: 'Manila Rope' }) });
    expect(prefetchedProduct('4935743')?.name).toBe('Manila Rope');
    expect(prefetchedProduct('111')).toBeUndefined();
    clearPrefetched();
    expect(prefetchedProduct('4935743')).toBeUndefined();
  });

  it('keep a 204 as null, which the parser reads as no body', () => {
    primePrefetched({ '/api/search?keyword=x': null });
    expect(prefetchedBody('/api/search?keyword=x')).toBeNull();
    expect(prefetched('/api/search?keyword=x', (body) => (body === undefined ? 'none' : 'some'))).toBe('none');
  });

  it('leave an answer that does not parse to the network', () => {
    primePrefetched({ [productUrl('1')]: { nothing: 'here' } });
    expect(prefetchedProduct('1')).toBeUndefined();
  });

  it('belong to one render on the server', () => {
    const first = new Map<string, unknown>();
    const second = new Map<string, unknown>();
    let current = first;
    setServerScope(() => current);
    recordPrefetched('/api/home', { hero: null });
    current = second;
    expect(prefetchedBody('/api/home')).toBeUndefined();
    recordPrefetched('/api/product/1', undefined);
    expect(allPrefetched()).toEqual({ '/api/product/1': null });
    current = first;
    expect(allPrefetched()).toEqual({ '/api/home': { hero: null } });
  });
});
