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
import { normalizeCartResult, normalizeWarranty, type CartResult } from './cart';
import { apiGet, apiRequest, NetworkError } from './client';
import { isObject, safeLocalLink } from './json';
import { prefetched } from './prefetched';
import { toProduct, type ProductSummary } from './productSummary';
import type { Wire, WireAnswer, WithDefaults } from './wire';

// ------------------------------------------------------------------ products

type WireDetails = WireAnswer<'product_details'>;
type WireBundle = WireAnswer<'get_bundle'>;

/** A protection plan: on offer for a product, or chosen for a cart line. */
export type Warranty = WireDetails['warranties'][number];

/**
 * `GET /api/product/{blainNumber}`: the normalised summary plus the description ('' when
 * absent), the readable plans and the breadcrumb (the departments with a name and a local
 * page, the top first).
 */
export type ProductDetails = ProductSummary & Pick<WireDetails, 'description' | 'warranties' | 'departmentTrail'>;

/** A bundle's component; the normaliser reads the product with the one summary normaliser. */
export type BundleItem = Omit<WireBundle['items'][number], 'product'> & { product: ProductSummary };

/** The normaliser leaves unreadable items out and fills absent totals (0, ''). */
export type Bundle = Omit<WireBundle, 'items'> & { items: BundleItem[] };

export const PRODUCT_URL = '/api/product/';
export const BUNDLE_URL = '/products/a/getbundleforproduct';
export const ADD_TO_CART_URL = '/products/a/addtocart';
export const BUNDLE_TO_CART_URL = '/products/a/bundletocart';
export const UPDATE_WARRANTY_URL = '/products/a/update-warranty';
export const RECOMMENDATION_URL = '/api/recommendation/';

/** The product of an answer: the one summary normaliser, and a NetworkError when unreadable. */
function asProduct(body: unknown): ProductSummary {
  const product = toProduct(body);
  if (!product) throw new NetworkError(200);
  return product;
}

/** `GET /api/product/{blainNumber}`'s URL. */
export function productUrl(blainNumber: string): string {
  return `${PRODUCT_URL}${encodeURIComponent(blainNumber)}`;
}

/** The product page's data of an answer. */
function toProductDetails(body: unknown): ProductDetails {
  const product = asProduct(body);
  const details = body as { description?: unknown; warranties?: unknown; departmentTrail?: unknown };
  return {
    ...product,
    description: typeof details.description === 'string' ? details.description : '',
    warranties: (Array.isArray(details.warranties) ? details.warranties : [])
      .map(normalizeWarranty)
      .filter((w): w is Warranty => w !== null),
    departmentTrail: (Array.isArray(details.departmentTrail) ? details.departmentTrail : []).flatMap((d: unknown) => {
      if (!isObject(d) || typeof d.name !== 'string' || !d.name.trim()) return [];
      const url = safeLocalLink(d.url);
      return url ? [{ name: d.name, url }] : [];
    }),
  };
}

/** The product page's data, or null when there is no such product (404). */
export async function fetchProduct(blainNumber: string, signal?: AbortSignal): Promise<ProductDetails | null> {
  try {
    return toProductDetails(await apiGet<unknown>(productUrl(blainNumber), signal));
  } catch (error) {
    if (error instanceof NetworkError && error.status === 404) return null;
    throw error;
  }
}

/** The product the page was rendered with on the server, if it was (`prefetched.ts`). */
export function prefetchedProduct(blainNumber: string): ProductDetails | undefined {
  return prefetched(productUrl(blainNumber), toProductDetails);
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
      items.push({ product: asProduct(raw.product), quantity: Number(raw.quantity ?? 1) });
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

/** Where the product goes; `confirmed` / `agreed` answer the product's prompts (false when left out). */
export type Placement = WithDefaults<Wire<'Placement'>, 'agreed' | 'confirmed'>;

/** POST /products/a/addtocart's and bundletocart's body. */
export type AddToCartRequest = WithDefaults<Wire<'AddToCartRequest'>, 'agreed' | 'confirmed'>;

export interface CartCallOptions {
  /** Same key for every attempt of one user action (see `newIdempotencyKey`). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

async function postCart(url: string, body: unknown, options: CartCallOptions): Promise<CartResult> {
  const answer = await apiRequest<unknown>(url, {
    method: 'POST',
    body,
    signal: options.signal,
    idempotencyKey: options.idempotencyKey,
  });
  return normalizeCartResult(answer);
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
  request: Wire<'WarrantyRequest'>,
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

export type ResponsiveBreakpoint = Wire<'ResponsiveBreakpoint'>;

/** accounts-rewards-search §3 (`responseiveConfig` is the spec's spelling). */
export type CarouselData = Wire<'CarouselData'>;

/**
 * A widget answered. The normaliser reads the products with the one summary normaliser, names
 * an untitled widget from WIDGET_TITLES (none for a widget it doesn't know) and has no
 * carousel settings (null) when the answer carries none.
 */
export type RecommendationItem = Omit<Wire<'RecommendationWidget'>, 'title' | 'carouselData' | 'products'> &
  Partial<Pick<Wire<'RecommendationWidget'>, 'title'>> & {
    carouselData: CarouselData | null;
    products: ProductSummary[];
  };

/** The widgets answered; `isSuccess` false only when the server says so. */
export type RecommendationResponse = Omit<Wire<'RecommendationResponse'>, 'isSuccess' | 'items'> & {
  isSuccess: boolean;
  items: RecommendationItem[];
};

export type RecommendationRequest = Wire<'RecommendationRequest'>;

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
