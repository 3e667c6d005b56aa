/**
 * What the page has seen of products (name, picture, URL), by product number, so the
 * compare bar can name items checked on another page of results.
 */
import type { ProductSummary } from '../shared/api/productSummary';

export interface KnownProduct {
  blainNumber: string;
  name: string;
  thumbnail: string | null;
  url: string;
}

const MAX_KNOWN = 500;
const known = new Map<string, KnownProduct>();

export function rememberProducts(products: readonly ProductSummary[]): void {
  for (const p of products) {
    known.delete(p.blainNumber);
    known.set(p.blainNumber, { blainNumber: p.blainNumber, name: p.name, thumbnail: p.thumbnail, url: p.url });
  }
  while (known.size > MAX_KNOWN) {
    const oldest = known.keys().next().value;
    if (oldest === undefined) break;
    known.delete(oldest);
  }
}

export function knownProduct(blainNumber: string): KnownProduct | null {
  return known.get(blainNumber) ?? null;
}
