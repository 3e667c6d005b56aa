/**
 * The merchandisers' calls (staff only: a bearer token of `STAFF_TOKENS`, or the session of a
 * person signed in with the merchandiser role; docs/decisions.md, "Pins"). Only the staff entry
 * (staff.html) imports this module: no shopper's bundle holds it (scripts/bundle-size.mjs
 * checks the build for `/api/staff/merch`).
 *
 * - `POST /api/staff/merch/{AddItemToTop|UnpinItem|UpdateItemPinOrder}` — pins a result to the top of
 *   a keyword's (or a landing page's) results, unpins it, or sets the pins' order.
 * - `POST /api/staff/merch/{SavePinDraft|DiscardPinDraft|PublishPinDraft}` — keeps a draft of a
 *   whole board (the pins in order, `itemList`, and the redirect, `url`: keyword boards only),
 *   throws it away, or makes it the board shoppers get (404 'This board has no draft.').
 * - `POST /api/staff/merch/SchedulePinRule` — when a pinned item (`rule: "pin:{item}"`) or the
 *   redirect (`"redirect"`) applies: from `startsAt` until `endsAt` (RFC 3339); neither: always.
 * - `GET /api/staff/merch/pins/history` and `POST /api/staff/merch/RestorePins` — a board's
 *   versions (each with its draft and schedules then), and one of them put back.
 *
 * Each board command answers the board (`Pins`: its pins, redirect, draft and schedules); a
 * refusal is 422 or 404 `PinRefused` with a sentence for people ('An item can be pinned only
 * once.'), which rejects with the client's `NetworkError` (`serverMessage`).
 */
import { apiGet, apiRequest } from '../../shared/api/client';
import { isObject } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { staffPost } from './staff';

export type PinAction = 'AddItemToTop' | 'UnpinItem' | 'UpdateItemPinOrder';
export const MERCH_URL = '/api/staff/merch';

type PinRequest = Wire<'PinRequest'>;

/**
 * The board a pin changes: the keyword's, else the landing page's — by department id (`lp`),
 * or by its URL (`lpurl`, when `lp` is null) — and the hawk ids.
 */
export type PinBoardRef = Required<Pick<PinRequest, 'keyword' | 'lp'>> &
  Pick<PinRequest, 'lpurl' | 'hawkb' | 'hawkaid' | 'hawkp'>;

/**
 * Pins, unpins or reorders items on a merchandising board (merchandisers only: the
 * `Authorization: Bearer` staff token, or with `token` null the signed-in session and its
 * anti-forgery token; 401 rejects with a NetworkError of status 401). Resolves to the board's
 * pins in order.
 */
export async function updatePins(
  action: PinAction,
  board: PinBoardRef,
  token: string | null,
  change: { itemId?: string; itemList?: readonly string[] },
): Promise<string[]> {
  const body: PinRequest = {
    keyword: board.keyword,
    lp: board.lp,
    hawkb: board.hawkb ?? null,
    hawkaid: board.hawkaid ?? null,
    hawkp: board.hawkp ?? null,
  };
  if (board.lpurl) body.lpurl = board.lpurl;
  if (change.itemId !== undefined) body.itemId = change.itemId;
  if (change.itemList !== undefined) body.itemList = [...change.itemList];
  const url = `${MERCH_URL}/${action}`;
  const answer =
    token === null
      ? await staffPost<unknown>(url, body)
      : await apiRequest<unknown>(url, { method: 'POST', body, headers: { Authorization: `Bearer ${token}` } });
  const pins: unknown = isObject(answer) ? answer.pins : null;
  return Array.isArray(pins) ? pins.filter((p): p is string => typeof p === 'string') : [];
}


/** A board's draft: the pins in order and the redirect it is to have. */
export type PinBoardDraft = Wire<'PinBoardDraft'>;

/** When a scheduled rule applies: from `startsAt` until `endsAt` (excluded); an absent side is open. */
export type PinRuleWindow = Wire<'PinRuleWindow'>;

/** The scheduled rules' windows, by rule: `pin:{item}` or `redirect`. */
export type PinSchedules = Record<string, PinRuleWindow>;

/** A board's pins in order, the keyword's redirect, the draft waiting and the schedules. */
export type Pins = Wire<'Pins'>;

/** One version of a board: the pins in order, the redirect, the draft and the schedules after one change. */
export type PinBoardVersion = Wire<'PinBoardVersion'>;

/** The rule of a pinned item, as `SchedulePinRule` and `schedules` name it: 'pin:1001'. */
export function pinRule(item: string): string {
  return `pin:${item}`;
}

/** The rule of the keyword's redirect. */
export const REDIRECT_RULE = 'redirect';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
}

function toDraft(value: unknown): PinBoardDraft | null {
  if (!isObject(value)) return null;
  return { pins: strings(value.pins), redirect: typeof value.redirect === 'string' ? value.redirect : null };
}

function toSchedules(value: unknown): PinSchedules {
  const schedules: PinSchedules = {};
  if (!isObject(value)) return schedules;
  for (const [rule, window] of Object.entries(value)) {
    if (!isObject(window)) continue;
    const read: PinRuleWindow = {};
    if (typeof window.startsAt === 'string') read.startsAt = window.startsAt;
    if (typeof window.endsAt === 'string') read.endsAt = window.endsAt;
    schedules[rule] = read;
  }
  return schedules;
}

/** A board command's answer; what is missing or of another type reads as none. */
export function toPins(value: unknown): Pins {
  const answer: Record<string, unknown> = isObject(value) ? value : {};
  return {
    success: true,
    pins: strings(answer.pins),
    redirect: typeof answer.redirect === 'string' ? answer.redirect : null,
    draft: toDraft(answer.draft),
    schedules: toSchedules(answer.schedules),
  };
}

function toVersion(value: Record<string, unknown>): PinBoardVersion {
  return {
    ...(value as unknown as Wire<'PinBoardVersion'>),
    pins: strings(value.pins),
    redirect: typeof value.redirect === 'string' ? value.redirect : null,
    draft: toDraft(value.draft),
    schedules: toSchedules(value.schedules),
  };
}

/** The board a history is about: the keyword's, else the landing page's (its department id). */
export type PinHistoryBoard = { keyword: string } | { lp: string };

function boardParams(board: PinHistoryBoard): string {
  return new URLSearchParams('keyword' in board ? { keyword: board.keyword } : { lp: board.lp }).toString();
}

/**
 * A board's versions, newest first (`GET /api/staff/merch/pins/history`, merchandisers; the
 * signed-in session). Anything that is not a list reads as none.
 */
export async function fetchPinHistory(board: PinHistoryBoard, signal?: AbortSignal): Promise<PinBoardVersion[]> {
  const answer = await apiGet<unknown>(`${MERCH_URL}/pins/history?${boardParams(board)}`, signal);
  return Array.isArray(answer) ? answer.filter(isObject).map(toVersion) : [];
}

/** Puts a board back as it was at `version` (`POST /api/staff/merch/RestorePins`): its pins in order. */
export async function restorePins(board: PinHistoryBoard, version: number): Promise<string[]> {
  const answer = await staffPost<unknown>(`${MERCH_URL}/RestorePins`, { ...board, version });
  return toPins(answer).pins;
}

/**
 * Keeps a draft of the whole board (`POST /api/staff/merch/SavePinDraft`, the signed-in
 * session): the pins in order and the redirect (keyword boards only; none when null or empty).
 * Shoppers get none of it until it is published.
 */
export async function savePinDraft(board: PinHistoryBoard, draft: PinBoardDraft): Promise<Pins> {
  const body: Record<string, unknown> = { ...board, itemList: [...draft.pins] };
  const url = draft.redirect?.trim();
  if (url) body.url = url;
  return toPins(await staffPost<unknown>(`${MERCH_URL}/SavePinDraft`, body));
}

/** Throws the board's draft away (`POST /api/staff/merch/DiscardPinDraft`). */
export async function discardPinDraft(board: PinHistoryBoard): Promise<Pins> {
  return toPins(await staffPost<unknown>(`${MERCH_URL}/DiscardPinDraft`, { ...board }));
}

/** Makes the board's draft what shoppers get (`POST /api/staff/merch/PublishPinDraft`): a new version. */
export async function publishPinDraft(board: PinHistoryBoard): Promise<Pins> {
  return toPins(await staffPost<unknown>(`${MERCH_URL}/PublishPinDraft`, { ...board }));
}

/**
 * When a pinned item (`pin:{item}`) or the redirect applies (`POST
 * /api/staff/merch/SchedulePinRule`): from `startsAt` until `endsAt` (RFC 3339, UTC); neither:
 * always.
 */
export async function schedulePinRule(board: PinHistoryBoard, rule: string, window: PinRuleWindow): Promise<Pins> {
  const body: Record<string, unknown> = { ...board, rule };
  if (window.startsAt) body.startsAt = window.startsAt;
  if (window.endsAt) body.endsAt = window.endsAt;
  return toPins(await staffPost<unknown>(`${MERCH_URL}/SchedulePinRule`, body));
}
