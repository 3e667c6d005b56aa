/**
 * The merchandisers' calls (staff only: a bearer token of `STAFF_TOKENS`, or the session of a
 * person signed in with the merchandiser role; docs/decisions.md, "Pins"). Only the staff entry
 * (staff.html) imports this module: no shopper's bundle holds it (scripts/bundle-size.mjs
 * checks the build for `/api/staff/merch`).
 *
 * - `POST /api/staff/merch/{AddItemToTop|UnpinItem|UpdateItemPinOrder}` — pins a result to the top of
 *   a keyword's (or a landing page's) results, unpins it, or sets the pins' order.
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

/** One version of a board: the pins in order and the redirect after one change. */
export type PinBoardVersion = Wire<'PinBoardVersion'>;

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
  return Array.isArray(answer) ? answer.filter(isObject).map((v) => v as unknown as PinBoardVersion) : [];
}

/** Puts a board back as it was at `version` (`POST /api/staff/merch/RestorePins`): its pins in order. */
export async function restorePins(board: PinHistoryBoard, version: number): Promise<string[]> {
  const answer = await staffPost<unknown>(`${MERCH_URL}/RestorePins`, { ...board, version });
  const pins: unknown = isObject(answer) ? answer.pins : null;
  return Array.isArray(pins) ? pins.filter((p): p is string => typeof p === 'string') : [];
}
