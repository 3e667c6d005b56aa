/**
 * The home page's content: `GET /api/home` (no parameters; cookies carry the
 * visitor) — the hero from site content, featured product lists and the
 * departments with pictures.
 *
 * The normaliser is forgiving (unknown or broken entries are left out,
 * missing optional fields defaulted) but rejects an answer that isn't an
 * object with the client's `NetworkError`, like a body that isn't JSON.
 * 204 is an empty home page.
 */
import { apiGet, NetworkError } from './client';
import { imageUrl, isObject, safeLocalLink, trimmed } from './json';
import { prefetched } from './prefetched';
import { toProduct, type ProductSummary } from './productSummary';
import type { Wire } from './wire';

export const HOME_URL = '/api/home';

/** The hero's picture sizes (desktop 1600×500, mobile 800×600). */
export const HERO_IMAGE = { width: 1600, height: 500 } as const;
export const HERO_IMAGE_MOBILE = { width: 800, height: 600 } as const;

type WireHero = NonNullable<Wire<'Home'>['hero']>;
type WireFeatured = Wire<'Home'>['featured'][number];

/**
 * The hero (desktop picture 1600×500, mobile 800×600). The normaliser drops a call to action
 * without both text and a link of this site (`link` null, `linkText` ''), and uses the desktop
 * picture when the content has no mobile one.
 */
export type HomeHero = Omit<WireHero, 'link'> & { link: string | null };

export type FeaturedId = WireFeatured['id'];

/**
 * A featured list. The normaliser keeps an id this client doesn't know (the title when there
 * is none) and reads the products with the one summary normaliser (each once, at most 12).
 */
export type FeaturedList = Omit<WireFeatured, 'id' | 'products'> & {
  id: FeaturedId | string;
  products: ProductSummary[];
};

export type HomeDepartment = Wire<'Home'>['departments'][number];

/** The home page's content; the normaliser leaves out broken entries and repeats. */
export type HomeContent = Omit<Wire<'Home'>, 'hero' | 'featured'> & {
  hero: HomeHero | null;
  featured: FeaturedList[];
};

export const EMPTY_HOME: HomeContent = { hero: null, featured: [], departments: [] };

/** At most this many products per featured list (the contract's limit). */
export const FEATURED_MAX_PRODUCTS = 12;

// ---------------------------------------------------------- normalisers

function hero(value: unknown): HomeHero | null {
  if (!isObject(value)) return null;
  const image = imageUrl(value.image);
  const title = trimmed(value.title);
  if (image === null || title === '') return null;
  const link = safeLocalLink(value.link);
  const linkText = trimmed(value.linkText);
  const cta = link !== null && linkText !== '';
  return {
    title,
    text: trimmed(value.text),
    linkText: cta ? linkText : '',
    link: cta ? link : null,
    image,
    imageMobile: imageUrl(value.imageMobile) ?? image,
    alt: trimmed(value.alt),
  };
}

function featured(value: unknown): FeaturedList | null {
  if (!isObject(value)) return null;
  const title = trimmed(value.title);
  if (title === '') return null;
  const products: ProductSummary[] = [];
  const seen = new Set<string>();
  for (const raw of Array.isArray(value.products) ? value.products : []) {
    const product = toProduct(raw);
    if (!product || seen.has(product.blainNumber)) continue;
    seen.add(product.blainNumber);
    products.push(product);
    if (products.length === FEATURED_MAX_PRODUCTS) break;
  }
  if (products.length === 0) return null;
  return { id: trimmed(value.id) || title, title, link: safeLocalLink(value.link), products };
}

function department(value: unknown): HomeDepartment | null {
  if (!isObject(value) || typeof value.id !== 'number' || !Number.isFinite(value.id)) return null;
  const name = trimmed(value.name);
  const url = safeLocalLink(value.url);
  if (name === '' || url === null) return null;
  return { id: value.id, name, url, image: imageUrl(value.image), imageAlt: trimmed(value.imageAlt) };
}

function uniqueBy<T>(items: T[], key: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Checks a home answer (exported for tests). */
export function normalizeHome(value: unknown): HomeContent {
  if (value === undefined) return EMPTY_HOME;
  if (!isObject(value)) throw new NetworkError(200);
  const lists = (Array.isArray(value.featured) ? value.featured : [])
    .map(featured)
    .filter((f): f is FeaturedList => f !== null);
  const departments = (Array.isArray(value.departments) ? value.departments : [])
    .map(department)
    .filter((d): d is HomeDepartment => d !== null);
  return {
    hero: hero(value.hero),
    featured: uniqueBy(lists, (f) => f.id),
    departments: uniqueBy(departments, (d) => d.id),
  };
}

// ---------------------------------------------------------------- calls

/** The home page's content; an empty one when the server answers 204. */
export async function fetchHome(signal?: AbortSignal): Promise<HomeContent> {
  return normalizeHome(await apiGet<unknown>(HOME_URL, signal));
}

/** The home content the page was rendered with on the server, if it was (`prefetched.ts`). */
export function prefetchedHome(): HomeContent | undefined {
  return prefetched(HOME_URL, normalizeHome);
}
