/** Texts and rules of the checkout and confirmation pages (pure; unit tested). */
import { cardBrandLabel } from '../orders/common';
import type { CheckoutSummary, FulfillmentType, PickupStore } from '../shared/api/checkout';
import type { CardType } from '../shared/forms';
import { formatCents } from '../shared/money';

export const CHECKOUT_TITLE = 'Checkout';
export const CONFIRMATION_TITLE = 'Order Confirmation';
export const THANK_YOU = 'Thank you for your order!';
export const EMAIL_NOTE = "We've sent a confirmation to your email.";
export const PICKUP_NOTE = "We'll email you when your order is ready for pickup. Bring a photo ID.";
export const ORDER_NOT_FOUND_MESSAGE = "We couldn't find that order.";
export const TAX_UNKNOWN_TEXT = 'Calculated after you enter a ZIP code';
export const PLACING_TEXT = 'Placing your order…';
export const CHECKOUT_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

export const ORDERS_PATH = '/account/orders/';
export const TRACK_ORDER_PATH = '/account/track-your-order/';
export const CART_PATH = '/cart/';

/** The US states and DC, by postal code, in the order the state select offers them. */
export const US_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/**
 * How a line reaches the shopper: 'Ship to Home', 'Store pickup at Janesville, WI',
 * 'Same-day delivery' (`store` is the store's name when known).
 */
export function fulfillmentText(type: FulfillmentType, store?: string | null): string {
  switch (type) {
    case 'ShipToHome':
      return 'Ship to Home';
    case 'StorePickup':
      return store ? `Store pickup at ${store}` : 'Store pickup';
    case 'SameDayDelivery':
      return 'Same-day delivery';
  }
}

/** The card brand as shoppers know it ('Visa'); 'Card' for none. */
export function cardBrandName(brand: CardType | string | null | undefined): string {
  return cardBrandLabel(brand ?? '');
}

/** '$49' for 4900, '$49.50' for 4950. */
export function wholeDollars(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

/** The shipping row's amount: 'FREE' for none. */
export function shippingText(shippingCents: number): string {
  return shippingCents === 0 ? 'FREE' : formatCents(shippingCents);
}

/**
 * The note under shipping: how much more ships the order free, or that it does. Nothing when
 * nothing ships.
 */
export function freeShippingNote(summary: CheckoutSummary): string | null {
  if (!summary.needsShippingAddress || summary.freeShippingThresholdCents <= 0) return null;
  const threshold = wholeDollars(summary.freeShippingThresholdCents);
  const short = Math.max(0, summary.freeShippingThresholdCents - summary.subtotalCents);
  return summary.shippingCents > 0 && short > 0
    ? `Add ${formatCents(short)} more to get FREE shipping on orders over ${threshold}.`
    : `Orders over ${threshold} ship FREE.`;
}

/** The tax row's label of an order whose customer holds an approved tax exemption. */
export const TAX_EXEMPT_LABEL = 'Sales tax (exempt)';

/** The tax row's label: 'Sales tax (exempt)' for a tax-exempt customer, else 'Tax (WI)' once the state is known. */
export function taxLabel(summary: Pick<CheckoutSummary, 'taxState' | 'taxExempt'>): string {
  if (summary.taxExempt) return TAX_EXEMPT_LABEL;
  return summary.taxState ? `Tax (${summary.taxState})` : 'Tax';
}

/**
 * The tax row's amount: the tax ($0.00 for a tax-exempt customer), or 'Calculated after you
 * enter a ZIP code'.
 */
export function taxText(summary: Pick<CheckoutSummary, 'taxState' | 'taxExempt' | 'taxCents'>): string {
  if (summary.taxExempt) return formatCents(summary.taxCents);
  if (summary.taxState === null) return TAX_UNKNOWN_TEXT;
  return formatCents(summary.taxCents);
}

/** '2500 Milton Ave, Janesville, WI 53545' */
export function storeAddress(store: PickupStore): string {
  const cityLine = [store.city, `${store.state} ${store.zip}`.trim()].filter(Boolean).join(', ');
  return [store.address1, cityLine].filter(Boolean).join(', ');
}

/** '1 item', '3 items' */
export function itemCount(qty: number): string {
  return `${qty} ${qty === 1 ? 'item' : 'items'}`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Nov 28, 2026, 12:00 AM' in the visitor's time zone; '' for no date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
