/**
 * The one product summary: a product as every list, card, carousel, bundle and the product
 * page show it (`getproducts`' shape), whichever answer carries it — search results, compare,
 * More Like This, the home page's lists, recommendations, bundles, the product page — and the
 * one normaliser that reads it (`toProduct`).
 */
import { formatCents } from '../money';
import { imageUrl, isObject, num, safeLocalLink, trimmed } from './json';
import type { Wire } from './wire';

type WireProduct = Wire<'ProductSummary'>;

export type PriceMode = WireProduct['priceMode'];
export type WarningLevel = WireProduct['warningLevel'];
export type ProductKind = WireProduct['kind'];
export type FulfillmentType = NonNullable<Wire<'Placement'>['fulfillmentType']>;
export type ProductAttribute = WireProduct['attributes'][number];
export type Fulfillment = WireProduct['fulfillment'];

/** The summary fields the server added later (ratings, sale price, dates). */
type ExtraField = 'rating' | 'ratingCount' | 'wasPriceCents' | 'wasPrice' | 'introducedOn' | 'saleEndsOn';
/** The codes a newer server may extend. */
type CodeField = 'priceMode' | 'kind' | 'warningLevel';

/**
 * A product as lists, carousels and the cart show it (`getproducts`). The normaliser fills
 * every field (absent ones null, empty or defaulted) and keeps a code this client doesn't
 * know; the later fields stay optional on read (summaries built without them still type).
 */
export type ProductSummary = Required<Omit<WireProduct, ExtraField | CodeField>> &
  Partial<Pick<WireProduct, ExtraField>> & {
    priceMode: PriceMode | string;
    kind: ProductKind | string;
    warningLevel: WarningLevel | string;
  };

/** The later summary fields, as `normalizeProductExtras` fills them. */
export type ProductExtras = Required<Pick<ProductSummary, ExtraField>>;

function centsOf(price: string): number | null {
  const digits = price.replace(/[^0-9.]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return null;
  return Math.round(Number(digits) * 100);
}

/**
 * The later summary fields of a raw product, checked: a rating from 1 to 5
 * (one decimal) or null, a count of 0 or more, a was-price only when it is
 * higher than `priceCents` (else both null), 'YYYY-MM-DD' dates or null (the sale's last day
 * only on sale).
 */
export function normalizeProductExtras(raw: Record<string, unknown>, priceCents: number): ProductExtras {
  const r = raw.rating;
  const rating = typeof r === 'number' && Number.isFinite(r) && r >= 1 && r <= 5 ? Math.round(r * 10) / 10 : null;
  const c = raw.ratingCount;
  const ratingCount = typeof c === 'number' && Number.isFinite(c) && c > 0 ? Math.floor(c) : 0;
  const wasText = typeof raw.wasPrice === 'string' && raw.wasPrice.trim() ? raw.wasPrice.trim() : null;
  const w = raw.wasPriceCents;
  const wasCents =
    typeof w === 'number' && Number.isFinite(w) ? Math.round(w) : wasText !== null ? centsOf(wasText) : null;
  const onSale = wasCents !== null && Number.isFinite(priceCents) && wasCents > priceCents;
  const day = (d: unknown) =>
    typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) ? d : null;
  const introducedOn = day(raw.introducedOn);
  return {
    rating,
    ratingCount,
    wasPriceCents: onSale ? wasCents : null,
    wasPrice: onSale ? (wasText ?? formatCents(wasCents)) : null,
    introducedOn,
    saleEndsOn: onSale ? day(raw.saleEndsOn) : null,
  };
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A product of any answer, checked and completed so cards can rely on it (missing lists
 * empty, missing fields defaulted, the price formatted when the server sent none), or null
 * when it lacks a number, a name or a link of this site.
 */
export function toProduct(value: unknown): ProductSummary | null {
  if (!isObject(value)) return null;
  const blainNumber =
    typeof value.blainNumber === 'number' && Number.isFinite(value.blainNumber)
      ? String(value.blainNumber)
      : trimmed(value.blainNumber);
  const name = trimmed(value.name);
  const url = safeLocalLink(value.url);
  if (!blainNumber || !name || url === null) return null;
  const priceCents = num(value.priceCents);
  const priceMode = value.priceMode === 'BelowMap' ? 'BelowMap' : trimmed(value.priceMode, 'Regular') || 'Regular';
  const fulfillment = isObject(value.fulfillment) ? value.fulfillment : {};
  const tire = isObject(value.tireSize) ? value.tireSize : null;
  return {
    blainNumber,
    name,
    vendorBrand: trimmed(value.vendorBrand),
    url,
    thumbnail: imageUrl(value.thumbnail),
    images: list(value.images)
      .map(imageUrl)
      .filter((i): i is string => i !== null),
    priceCents,
    price: trimmed(value.price) || formatCents(priceCents),
    mapPriceCents:
      typeof value.mapPriceCents === 'number' && Number.isFinite(value.mapPriceCents) ? value.mapPriceCents : null,
    priceMode,
    belowMap: value.belowMap === true || priceMode === 'BelowMap',
    kind: trimmed(value.kind, 'General') || 'General',
    departmentId: num(value.departmentId),
    departmentPath: list(value.departmentPath).filter((p): p is string => typeof p === 'string'),
    warningLevel: trimmed(value.warningLevel, 'Unknown') || 'Unknown',
    requiresConfirmation: value.requiresConfirmation === true,
    requiresAgreement: value.requiresAgreement === true,
    tireSize:
      tire && typeof tire.width === 'number' && typeof tire.ratio === 'number' && typeof tire.rim === 'number'
        ? { width: tire.width, ratio: tire.ratio, rim: tire.rim }
        : null,
    attributes: list(value.attributes)
      .filter(isObject)
      .map((a) => ({ name: trimmed(a.name), value: trimmed(a.value) }))
      .filter((a) => a.name !== ''),
    fulfillment: {
      shipToHome: fulfillment.shipToHome === true,
      storePickup: fulfillment.storePickup === true,
      sameDayDelivery: fulfillment.sameDayDelivery === true,
    },
    ecomOnHand: num(value.ecomOnHand),
    discontinued: value.discontinued === true,
    ...normalizeProductExtras(value, priceCents),
  };
}

/** The readable products of a list (unreadable entries left out). */
export function toProducts(value: unknown): ProductSummary[] {
  return list(value)
    .map(toProduct)
    .filter((p): p is ProductSummary => p !== null);
}
