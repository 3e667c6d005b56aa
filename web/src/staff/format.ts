/** How the staff pages write dates, counts and order statuses. */
import type { OrderStatus } from './api/pickup';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function parsed(iso: string | null): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 28, 2026, 6:00 AM' (in this browser's time zone); what was sent when it is no date. */
export function formatDateTime(iso: string | null): string {
  const date = parsed(iso);
  return date ? DATE_TIME.format(date) : (iso ?? '');
}

/** 'Nov 28, 2026'; what was sent when it is no date. */
export function formatDate(iso: string | null): string {
  const date = parsed(iso);
  return date ? DATE.format(date) : (iso ?? '');
}

/** '20,000' */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

const STATUS_LABELS: Record<OrderStatus, string> = {
  Placed: 'Placed',
  ReadyForPickup: 'Ready for pickup',
  PickedUp: 'Picked up',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
  LineReturned: 'Items returned',
};

/** An order status in words ('Ready for pickup'); an unknown one as sent. */
export function orderStatusLabel(status: string): string {
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as OrderStatus] : status;
}
