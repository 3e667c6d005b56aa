/**
 * The associates' pickup queue (the associate role):
 *
 * | call                                        | answer                                          |
 * |---------------------------------------------|-------------------------------------------------|
 * | GET  /api/staff/orders/pickup-queue?store=N | `{orders}` placed or ready at store N, oldest first |
 * | POST /api/staff/orders/ready `{orderNo}`    | `{success, orderNo, status}`; 409 `NotNow`; 404 |
 * | POST /api/staff/orders/picked-up `{orderNo}`| the same                                        |
 *
 * Refusals reject with the client's `NetworkError` (the server's sentence is its
 * `serverMessage`): 404 'No such order.', 409 `NotNow` (the status does not allow it).
 */
import { apiGet, NetworkError } from '../../shared/api/client';
import { isObject, num, str } from '../../shared/api/json';
import type { Wire } from '../../shared/api/wire';
import { staffPost } from './staff';

export const PICKUP_QUEUE_URL = '/api/staff/orders/pickup-queue';
export const MARK_READY_URL = '/api/staff/orders/ready';
export const MARK_PICKED_UP_URL = '/api/staff/orders/picked-up';

export type OrderStatus = Wire<'OrderStatus'>;
export type PickupQueueEntry = Wire<'PickupQueueEntry'>;
export type OrderChanged = Wire<'OrderChanged'>;

function entry(value: unknown): PickupQueueEntry | null {
  if (!isObject(value) || typeof value.orderNo !== 'string' || !value.orderNo) return null;
  return {
    orderNo: value.orderNo,
    placedAt: str(value.placedAt),
    status: str(value.status) as OrderStatus,
    itemCount: num(value.itemCount),
  };
}

/** The orders placed or ready for pickup at store `storeNum`, oldest first. */
export async function fetchPickupQueue(storeNum: number, signal?: AbortSignal): Promise<PickupQueueEntry[]> {
  const body = await apiGet<unknown>(`${PICKUP_QUEUE_URL}?store=${encodeURIComponent(storeNum)}`, signal);
  if (body === undefined) return [];
  if (!isObject(body) || !Array.isArray(body.orders)) throw new NetworkError(200);
  return body.orders.map(entry).filter((e): e is PickupQueueEntry => e !== null);
}

async function change(url: string, orderNo: string): Promise<OrderChanged> {
  const body = await staffPost<unknown>(url, { orderNo });
  if (!isObject(body) || typeof body.status !== 'string') throw new NetworkError(200);
  return { success: body.success === true, orderNo: str(body.orderNo, orderNo), status: body.status as OrderStatus };
}

/** Marks a placed order ready for pickup; answers its status now. */
export function markReady(orderNo: string): Promise<OrderChanged> {
  return change(MARK_READY_URL, orderNo);
}

/** Marks an order ready for pickup as picked up; answers its status now. */
export function markPickedUp(orderNo: string): Promise<OrderChanged> {
  return change(MARK_PICKED_UP_URL, orderNo);
}
