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
import { toProduct, type ProductSummary } from './productSummary';

export const HOME_URL = '/api/home';

/** The hero's picture sizes (desktop 1600×500, mobile 800×600). */
export const HERO_IMAGE = { width: 1600, height: 500 } as const;
export const HERO_IMAGE_MOBILE = { width: 800, height: 600 } as const;

export interface HomeHero {
  title: string;
  text: string;
  /** The call to action; no button without both. */
  linkText: string;
  link: string | null;
  /** Desktop picture (1600×500). */
  image: string;
  /** Below 768 px (800×600); the desktop picture when the content has none. */
  imageMobile: string;
  alt: string;
}

export type FeaturedId = 'popular' | 'deals' | 'new-arrivals' | 'top-rated';

export interface FeaturedList {
  id: FeaturedId | string;
  title: string;
  /** A page listing all of them. */
  link: string | null;
  products: ProductSummary[];
}

export interface HomeDepartment {
  id: number;
  name: string;
  url: string;
  image: string | null;
  imageAlt: string;
}

export interface HomeContent {
  hero: HomeHero | null;
  featured: FeaturedList[];
  departments: HomeDepartment[];
}

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
