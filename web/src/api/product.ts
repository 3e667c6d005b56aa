/**
 * The product page's calls: the product itself, its bundle, the cart adds
 * (item and bundle, answered with the spec's result codes), the warranty
 * update of a cart line, and the recommendation widgets.
 *
 * | call                                   | answer                               |
 * |----------------------------------------|--------------------------------------|
 * | GET  /api/product/{blainNumber}        | ProductDetails; 404 → null           |
 * | GET  /products/a/getbundleforproduct   | Bundle (no items: not a bundle); 404 → null |
 * | POST /products/a/addtocart             | CartResult                           |
 * | POST /products/a/bundletocart          | CartResult                           |
 * | POST /products/a/update-warranty       | CartResult                           |
 * | POST /api/recommendation/              | RecommendationResponse               |
 */
import { formatCents } from './cart';
import { apiGet, apiRequest, NetworkError } from './client';
import { isObject } from './json';

// ------------------------------------------------------------------ products

export type PriceMode = 'Regular' | 'BelowMap';
export type WarningLevel = 'Unknown' | 'NoWarning' | 'Cancer' | 'ReproductiveHarm' | 'Full';
export type ProductKind = 'General' | 'Auto' | 'Tire';
export type FulfillmentType = 'ShipToHome' | 'StorePickup' | 'SameDayDelivery';

export interface ProductAttribute {
  name: string;
  value: string;
}

export interface Fulfillment {
  shipToHome: boolean;
  storePickup: boolean;
  sameDayDelivery: boolean;
}

/** A product as lists, carousels and the cart show it (`getproducts`). */
export interface ProductSummary {
  blainNumber: string;
  name: string;
  vendorBrand: string;
  /** '/product/{blainNumber}/{slug}/' */
  url: string;
  thumbnail: string | null;
  images: string[];
  priceCents: number;
  /** '$1,234.99' */
  price: string;
  mapPriceCents: number | null;
  /** 'BelowMap': the price is below the minimum advertised price and is shown in the cart only. */
  priceMode: PriceMode | string;
  belowMap: boolean;
  kind: ProductKind | string;
  departmentId: number;
  departmentPath: string[];
  warningLevel: WarningLevel | string;
  requiresConfirmation: boolean;
  requiresAgreement: boolean;
  tireSize: { width: number; ratio: number; rim: number } | null;
  attributes: ProductAttribute[];
  fulfillment: Fulfillment;
  ecomOnHand: number;
  discontinued: boolean;
  /** Average rating, 1 to 5 with one decimal; null when nobody rated the product. */
  rating?: number | null;
  /** Number of ratings (0 without any). */
  ratingCount?: number | null;
  /** The price before the sale: only when higher than the price (the product is on sale). */
  wasPriceCents?: number | null;
  /** '$24.99', with `wasPriceCents`. */
  wasPrice?: string | null;
  /** When the product came to the catalog ('YYYY-MM-DD'). */
  introducedOn?: string | null;
}

/** The summary fields the server added later (ratings, sale price, date): optional on read. */
export type ProductExtras = Required<Pick<ProductSummary, 'rating' | 'ratingCount' | 'wasPriceCents' | 'wasPrice' | 'introducedOn'>>;

function centsOf(price: string): number | null {
  const digits = price.replace(/[^0-9.]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return null;
  return Math.round(Number(digits) * 100);
}

/**
 * The later summary fields of a raw product, checked: a rating from 1 to 5
 * (one decimal) or null, a count of 0 or more, a was-price only when it is
 * higher than `priceCents` (else both null), a 'YYYY-MM-DD' date or null.
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
  const d = raw.introducedOn;
  const introducedOn =
    typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) ? d : null;
  return {
    rating,
    ratingCount,
    wasPriceCents: onSale ? wasCents : null,
    wasPrice: onSale ? (wasText ?? formatCents(wasCents)) : null,
    introducedOn,
  };
}

export interface Warranty {
  id: string;
  name: string;
  priceCents: number;
  years: number;
}

/** `GET /api/product/{blainNumber}`: the summary plus description and warranties. */
export interface ProductDetails extends ProductSummary {
  description: string;
  warranties: Warranty[];
}

export interface BundleItem {
  product: ProductSummary;
  quantity: number;
}

export interface Bundle {
  blainNumber: string;
  items: BundleItem[];
  totalPriceCents: number;
  totalPrice: string;
}

export const PRODUCT_URL = '/api/product/';
export const BUNDLE_URL = '/products/a/getbundleforproduct';
export const ADD_TO_CART_URL = '/products/a/addtocart';
export const BUNDLE_TO_CART_URL = '/products/a/bundletocart';
export const UPDATE_WARRANTY_URL = '/products/a/update-warranty';
export const RECOMMENDATION_URL = '/api/recommendation/';

/** Fills the lists a product must have so the page can rely on them. */
function asProduct<T extends ProductSummary>(body: unknown): T {
  if (!isObject(body) || typeof body.blainNumber !== 'string' || typeof body.name !== 'string') {
    throw new NetworkError(200);
  }
  const p = body as unknown as T;
  return {
    ...p,
    images: Array.isArray(p.images) ? p.images.filter((i) => typeof i === 'string' && i) : [],
    attributes: Array.isArray(p.attributes) ? p.attributes : [],
    departmentPath: Array.isArray(p.departmentPath) ? p.departmentPath : [],
    fulfillment: p.fulfillment ?? { shipToHome: false, storePickup: false, sameDayDelivery: false },
    ...normalizeProductExtras(body, p.priceCents),
  };
}

/** The product page's data, or null when there is no such product (404). */
export async function fetchProduct(blainNumber: string, signal?: AbortSignal): Promise<ProductDetails | null> {
  try {
    const body = await apiGet<unknown>(`${PRODUCT_URL}${encodeURIComponent(blainNumber)}`, signal);
    const product = asProduct<ProductDetails>(body);
    return {
      ...product,
      description: typeof product.description === 'string' ? product.description : '',
      warranties: Array.isArray(product.warranties) ? product.warranties : [],
    };
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
}

/** The product's bundle (no items when it is not one), or null for an unknown product. */
export async function fetchBundle(blainNumber: string, signal?: AbortSignal): Promise<Bundle | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(`${BUNDLE_URL}?blainNumber=${encodeURIComponent(blainNumber)}`, signal);
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
  if (!isObject(body)) return null;
  const items: BundleItem[] = [];
  for (const raw of Array.isArray(body.items) ? (body.items as unknown[]) : []) {
    if (!isObject(raw)) continue;
    try {
      items.push({ product: asProduct<ProductSummary>(raw.product), quantity: Number(raw.quantity ?? 1) });
    } catch {
      // An unreadable item is left out.
    }
  }
  return {
    blainNumber: typeof body.blainNumber === 'string' ? body.blainNumber : blainNumber,
    items,
    totalPriceCents: typeof body.totalPriceCents === 'number' ? body.totalPriceCents : 0,
    totalPrice: typeof body.totalPrice === 'string' ? body.totalPrice : '',
  };
}

// ---------------------------------------------------------------------- cart

/** The spec's add-to-cart result codes (storefront-shell §4). */
export const CART_RESULT_CODES = [
  'Success',
  'CannotAdd',
  'MaxLines',
  'PickupDeliveryError',
  'RequireConfirmation',
  'RequireAgreement',
] as const;

export type CartResultCode = (typeof CART_RESULT_CODES)[number];

export function isCartResultCode(code: unknown): code is CartResultCode {
  return typeof code === 'string' && (CART_RESULT_CODES as readonly string[]).includes(code);
}

/** The answer of every cart command. `resultCode` may be a code this client doesn't know. */
export interface CartResult {
  success: boolean;
  resultCode: CartResultCode | string;
  message?: string;
  /** The cart's total quantity after the command (the header badge). */
  cartQty: number;
  lineCount: number;
}

/** Where the product goes; `confirmed` / `agreed` answer the product's prompts. */
export interface Placement {
  fulfillmentType?: FulfillmentType | null;
  storeNum?: number | null;
  confirmed?: boolean;
  agreed?: boolean;
}

export interface AddToCartRequest extends Placement {
  blainNumber: string;
  quantity: number;
  warrantyId?: string | null;
}

export interface CartCallOptions {
  /** Same key for every attempt of one user action (see `newIdempotencyKey`). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function asCartResult(body: unknown): CartResult {
  if (!isObject(body) || typeof body.resultCode !== 'string') throw new NetworkError(200);
  return {
    success: body.success === true,
    resultCode: body.resultCode,
    ...(typeof body.message === 'string' && body.message ? { message: body.message } : {}),
    cartQty: typeof body.cartQty === 'number' ? body.cartQty : 0,
    lineCount: typeof body.lineCount === 'number' ? body.lineCount : 0,
  };
}

async function postCart(url: string, body: unknown, options: CartCallOptions): Promise<CartResult> {
  const answer = await apiRequest<CartResult>(url, {
    method: 'POST',
    body,
    signal: options.signal,
    idempotencyKey: options.idempotencyKey,
  });
  return asCartResult(answer);
}

/** POST /products/a/addtocart */
export function addToCart(request: AddToCartRequest, options: CartCallOptions = {}): Promise<CartResult> {
  return postCart(ADD_TO_CART_URL, request, options);
}

/** POST /products/a/bundletocart: every component of the product's bundle. */
export function bundleToCart(
  request: Omit<AddToCartRequest, 'warrantyId'>,
  options: CartCallOptions = {},
): Promise<CartResult> {
  return postCart(BUNDLE_TO_CART_URL, request, options);
}

/** POST /products/a/update-warranty: sets the protection plan of a cart line. */
export function updateWarranty(
  request: { lineId: number; warrantyId: string },
  options: CartCallOptions = {},
): Promise<CartResult> {
  return postCart(UPDATE_WARRANTY_URL, request, options);
}

// ----------------------------------------------------------- recommendations

/** The recommendation widgets (GUIDs of query/src/recommendations.rs). */
export const WIDGETS = {
  similarItems: '7edca4d6-da59-40f7-9501-2e69e792497a',
  popularInDepartment: '694d840b-3307-45bd-abf4-0f1a099edccf',
  alsoViewed: '3c1f7f0e-2b8e-4d52-9a51-6f0b8f7a2c11',
} as const;

/** Headings for a widget whose answer has no title. */
export const WIDGET_TITLES: Record<string, string> = {
  [WIDGETS.similarItems]: 'Similar Items',
  [WIDGETS.popularInDepartment]: 'Popular Items',
  [WIDGETS.alsoViewed]: 'Customers Also Viewed',
};

export interface ResponsiveBreakpoint {
  breakpoint: number;
  nofVisible: number;
  scrollNumber: number;
}

/** accounts-rewards-search §3 (`responseiveConfig` is the spec's spelling). */
export interface CarouselData {
  showNextPrevButtons: boolean;
  showDots: boolean;
  autoRotate: boolean;
  /** Milliseconds between rotations. */
  autoRotateSpeed: number;
  /** Milliseconds a slide takes. */
  animationSpeed: number;
  nofVisible: number;
  scrollNumber: number;
  isCircular: boolean;
  enableResponsive: boolean;
  responseiveConfig: ResponsiveBreakpoint[];
}

export interface RecommendationItem {
  widgetGuid: string;
  title?: string;
  html: string;
  isVertical: boolean;
  isCarousel: boolean;
  carouselData: CarouselData | null;
  products: ProductSummary[];
}

export interface RecommendationResponse {
  isSuccess: boolean;
  requestId: string;
  items: RecommendationItem[];
}

export interface RecommendationRequest {
  visitId?: string | null;
  visitorId?: string | null;
  clientGuid?: string | null;
  enablePreview?: boolean;
  widgetUids: { widgetGuid: string; uniqueId?: string | null }[];
  contextProperties?: Record<string, string | number | boolean | null>;
  customProperties?: Record<string, string | number | boolean | null>;
}

/** POST /api/recommendation/: the widgets asked for, in the order asked. */
export async function fetchRecommendations(
  request: RecommendationRequest,
  signal?: AbortSignal,
): Promise<RecommendationResponse> {
  const body = await apiRequest<unknown>(RECOMMENDATION_URL, { method: 'POST', body: request, signal });
  if (!isObject(body) || !Array.isArray(body.items)) throw new NetworkError(200);
  const items: RecommendationItem[] = [];
  for (const raw of body.items as unknown[]) {
    if (!isObject(raw) || typeof raw.widgetGuid !== 'string') continue;
    const widgetGuid: string = raw.widgetGuid;
    const products = Array.isArray(raw.products) ? raw.products : [];
    const list: ProductSummary[] = [];
    for (const p of products) {
      try {
        list.push(asProduct(p));
      } catch {
        // An unreadable product is left out.
      }
    }
    items.push({
      widgetGuid,
      title: typeof raw.title === 'string' && raw.title ? raw.title : WIDGET_TITLES[widgetGuid.toLowerCase()],
      html: typeof raw.html === 'string' ? raw.html : '',
      isVertical: raw.isVertical === true,
      isCarousel: raw.isCarousel !== false,
      carouselData: isObject(raw.carouselData) ? (raw.carouselData as unknown as CarouselData) : null,
      products: list,
    });
  }
  return {
    isSuccess: body.isSuccess !== false,
    requestId: typeof body.requestId === 'string' ? body.requestId : '',
    items,
  };
}

/** The three product-page widgets for one product. */
export function productPageRecommendations(blainNumber: string, signal?: AbortSignal): Promise<RecommendationResponse> {
  return fetchRecommendations(
    {
      clientGuid: 'storefront-web',
      enablePreview: false,
      widgetUids: [WIDGETS.similarItems, WIDGETS.popularInDepartment, WIDGETS.alsoViewed].map((widgetGuid) => ({
        widgetGuid,
        uniqueId: blainNumber,
      })),
      contextProperties: { uniqueId: blainNumber },
    },
    signal,
  );
}
