/**
 * The gift registry calls: the signed-in customer's registries (list, one registry, create,
 * set or remove an item, share, delete) and a shared registry as anyone with its link sees it.
 *
 * | call                                        | answer                                   |
 * |---------------------------------------------|------------------------------------------|
 * | GET  /api/account/registries                | `{registries}`; 401 for a guest           |
 * | GET  /api/account/registries/{id}           | RegistryDetails; 401 guest; 404 → null    |
 * | POST /api/account/registry/create         | CreateRegistryAnswer (`registryId`)      |
 * | POST /api/account/registry/items          | RegistryItemAnswer (`itemCount`)         |
 * | POST /api/account/registry/items/remove   | RegistryItemAnswer (`itemCount`)         |
 * | POST /api/account/registry/share          | ShareRegistryAnswer (`shareUrl`)         |
 * | POST /api/account/registry/delete         | RegistryAnswer                           |
 * | GET  /api/registry/shared?key=…             | SharedRegistry (public); 404 → null      |
 *
 * The POSTs are 'token header' calls (`postWithToken`): business outcomes answer 200 with
 * `success` and `errorMessage`; a registry that is not the caller's answers 404 (a
 * `NetworkError`), a guest 401 (`isSignInNeeded(error)` tells). Answers are normalised, so a
 * missing field is a default rather than a crash in a page; products are read with the one
 * summary normaliser (`toProduct`), null when the product is gone.
 */
import { postWithToken } from './antiforgery';
import { apiGet, NetworkError } from './client';
import { isObject, num, str, strOrNull, type Json } from './json';
import { toProduct, type ProductSummary } from './productSummary';
import type { Wire } from './wire';

export const REGISTRIES_URL = '/api/account/registries';
export const REGISTRY_CREATE_URL = '/api/account/registry/create';
export const REGISTRY_ITEMS_URL = '/api/account/registry/items';
export const REGISTRY_REMOVE_ITEM_URL = '/api/account/registry/items/remove';
export const REGISTRY_SHARE_URL = '/api/account/registry/share';
export const REGISTRY_DELETE_URL = '/api/account/registry/delete';
export const SHARED_REGISTRY_URL = '/api/registry/shared';

/** One of the customer's registries. */
export function registryUrl(id: string): string {
  return `${REGISTRIES_URL}/${encodeURIComponent(id)}`;
}

/** A shared registry by the key of its link. */
export function sharedRegistryUrl(key: string): string {
  return `${SHARED_REGISTRY_URL}?key=${encodeURIComponent(key)}`;
}

/** The events a registry is for. */
export type RegistryEventType = Wire<'Occasion'>;

/** The event types in the order the forms offer them (each one the document's). */
export const REGISTRY_EVENT_TYPES = [
  'Wedding',
  'Baby',
  'Birthday',
  'Holiday',
  'Other',
] as const satisfies readonly RegistryEventType[];

export function isRegistryEventType(value: unknown): value is RegistryEventType {
  return typeof value === 'string' && (REGISTRY_EVENT_TYPES as readonly string[]).includes(value);
}

/** The server's limits: a name of 1–100 characters, a wanted quantity of 1–99, a date up to 2 years ahead. */
export const REGISTRY_NAME_MAX_LENGTH = 100;
export const REGISTRY_MIN_QUANTITY = 1;
export const REGISTRY_MAX_QUANTITY = 99;
export const REGISTRY_MAX_YEARS_AHEAD = 2;

/**
 * A registry in the customer's list. `eventType` is one of REGISTRY_EVENT_TYPES or a newer
 * type shown as sent; `shareUrl` is the public page's local path ('/gift-registry/view/?key=…'),
 * null until shared.
 */
export type RegistrySummary = Wire<'RegistrySummary'>;

/** An item of a registry: the wanted quantity and the product (normalised), null when it is gone. */
export type RegistryItem = Omit<Wire<'RegistryItem'>, 'product'> & { product: ProductSummary | null };

/** One of the customer's registries with its items. */
export type RegistryDetails = Omit<Wire<'RegistryDetails'>, 'items'> & { items: RegistryItem[] };

/** A shared registry as anyone with its link sees it. */
export type SharedRegistry = Omit<Wire<'SharedRegistry'>, 'items'> & { items: RegistryItem[] };

/** A name of 1–100 characters, an event type and a 'YYYY-MM-DD' date from today to 2 years ahead. */
export type CreateRegistryRequest = Wire<'CreateRegistryRequest'>;

/** 1–99 wanted (replaces the quantity of an item already there). */
export type SetRegistryItemRequest = Wire<'SetRegistryItemRequest'>;

type WireAnswer = Wire<'RegistryAnswer'>;

/** The answer of every registry command. */
export type RegistryAnswer = Pick<WireAnswer, 'success' | 'errorMessage'>;

/** `registryId`: the new registry's, null when none was made. */
export type CreateRegistryAnswer = RegistryAnswer & { registryId: NonNullable<WireAnswer['registryId']> | null };

/** `itemCount`: the registry's items after the change (0 when the answer has none). */
export type RegistryItemAnswer = RegistryAnswer & { itemCount: NonNullable<WireAnswer['itemCount']> };

/** `shareUrl`: the public page's local path, null when not shared. */
export type ShareRegistryAnswer = RegistryAnswer & { shareUrl: NonNullable<WireAnswer['shareUrl']> | null };

/** A call answered 401: the visitor is not signed in (a guest, or a sign-in that ended). */
export function isSignInNeeded(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 401;
}

/** A call answered 404: no such registry, or not the caller's. */
export function isRegistryNotFound(error: unknown): boolean {
  return error instanceof NetworkError && error.status === 404;
}

// ---------------------------------------------------------- normalisers

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** An id as sent: a non-empty string (a number is read as its digits), else ''. */
function id(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return str(value);
}

function blainNumberOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return str(value).trim();
}

/** A local path ('/gift-registry/view/?key=…'), else null. */
function localPath(value: unknown): string | null {
  const path = strOrNull(value);
  return path !== null && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

function quantityOf(value: unknown): number {
  const n = Math.trunc(num(value, REGISTRY_MIN_QUANTITY));
  return Math.min(REGISTRY_MAX_QUANTITY, Math.max(REGISTRY_MIN_QUANTITY, n));
}

export function toRegistryItem(value: unknown): RegistryItem | null {
  if (!isObject(value)) return null;
  const product = toProduct(value.product);
  const blainNumber = blainNumberOf(value.blainNumber) || (product?.blainNumber ?? '');
  if (!blainNumber) return null;
  return { blainNumber, quantity: quantityOf(value.quantity), addedAt: str(value.addedAt), product };
}

function items(value: unknown): RegistryItem[] {
  return list(value)
    .map(toRegistryItem)
    .filter((item): item is RegistryItem => item !== null);
}

function toSummary(value: Json): RegistrySummary {
  const shareUrl = localPath(value.shareUrl);
  return {
    id: id(value.id),
    name: str(value.name),
    eventType: str(value.eventType, 'Other') || 'Other',
    eventDate: str(value.eventDate),
    itemCount: Math.max(0, Math.trunc(num(value.itemCount))),
    shared: value.shared === true && shareUrl !== null,
    shareUrl,
    createdAt: str(value.createdAt),
  };
}

function answer(body: unknown): RegistryAnswer & { body: Json } {
  const b = isObject(body) ? body : {};
  return { success: b.success === true, errorMessage: strOrNull(b.errorMessage), body: b };
}

// ---------------------------------------------------------------- calls

/** The signed-in customer's registries, as the server orders them. */
export async function fetchRegistries(signal?: AbortSignal): Promise<RegistrySummary[]> {
  const body = await apiGet<unknown>(REGISTRIES_URL, signal);
  return list(isObject(body) ? body.registries : null)
    .map(toSummary)
    .filter((r) => r.id !== '');
}

/** One of the customer's registries with its items, or null when there is none of that id. */
export async function fetchRegistry(registryId: string, signal?: AbortSignal): Promise<RegistryDetails | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(registryUrl(registryId), signal);
  } catch (error) {
    if (isRegistryNotFound(error)) return null;
    throw error;
  }
  if (!isObject(body)) throw new NetworkError(200);
  const summary = toSummary({ ...body, id: body.id ?? registryId });
  return {
    id: summary.id,
    name: summary.name,
    eventType: summary.eventType,
    eventDate: summary.eventDate,
    shared: summary.shared,
    shareUrl: summary.shareUrl,
    items: items(body.items),
  };
}

/** A shared registry by the key of its link, or null for a key that is unknown or no longer shared. */
export async function fetchSharedRegistry(key: string, signal?: AbortSignal): Promise<SharedRegistry | null> {
  let body: unknown;
  try {
    body = await apiGet<unknown>(sharedRegistryUrl(key), signal);
  } catch (error) {
    if (isRegistryNotFound(error)) return null;
    throw error;
  }
  if (!isObject(body)) throw new NetworkError(200);
  return {
    name: str(body.name),
    eventType: str(body.eventType, 'Other') || 'Other',
    eventDate: str(body.eventDate),
    items: items(body.items),
  };
}

/** Creates a registry; `registryId` is the new one's. */
export async function createRegistry(request: CreateRegistryRequest): Promise<CreateRegistryAnswer> {
  const { success, errorMessage, body } = answer(await postWithToken<unknown>(REGISTRY_CREATE_URL, request));
  const registryId = id(body.registryId);
  return { success, errorMessage, registryId: registryId === '' ? null : registryId };
}

/** Adds a product to a registry, or sets the quantity wanted of one it has. */
export async function setRegistryItem(request: SetRegistryItemRequest): Promise<RegistryItemAnswer> {
  const { success, errorMessage, body } = answer(await postWithToken<unknown>(REGISTRY_ITEMS_URL, request));
  return { success, errorMessage, itemCount: Math.max(0, Math.trunc(num(body.itemCount))) };
}

export async function removeRegistryItem(registryId: string, blainNumber: string): Promise<RegistryItemAnswer> {
  const request: Wire<'RemoveRegistryItemRequest'> = { registryId, blainNumber };
  const { success, errorMessage, body } = answer(await postWithToken<unknown>(REGISTRY_REMOVE_ITEM_URL, request));
  return { success, errorMessage, itemCount: Math.max(0, Math.trunc(num(body.itemCount))) };
}

/** Makes the registry's public link (the same one again when it already has one). */
export async function shareRegistry(registryId: string): Promise<ShareRegistryAnswer> {
  const request: Wire<'RegistryIdRequest'> = { registryId };
  const { success, errorMessage, body } = answer(await postWithToken<unknown>(REGISTRY_SHARE_URL, request));
  return { success, errorMessage, shareUrl: localPath(body.shareUrl) };
}

export async function deleteRegistry(registryId: string): Promise<RegistryAnswer> {
  const request: Wire<'RegistryIdRequest'> = { registryId };
  const { success, errorMessage } = answer(await postWithToken<unknown>(REGISTRY_DELETE_URL, request));
  return { success, errorMessage };
}
