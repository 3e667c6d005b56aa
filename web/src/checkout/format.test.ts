import { describe, expect, it } from 'vitest';
import { EMPTY_SUMMARY } from '../shared/api/checkout';
import {
  cardBrandName,
  freeShippingNote,
  fulfillmentText,
  shippingText,
  storeAddress,
  taxLabel,
  TAX_EXEMPT_LABEL,
  taxText,
  US_STATES,
  wholeDollars,
} from './format';

describe('checkout texts', () => {
  it('names each fulfilment', () => {
    expect(fulfillmentText('ShipToHome')).toBe('Ship to Home');
    expect(fulfillmentText('StorePickup', 'Janesville, WI')).toBe('Store pickup at Janesville, WI');
    expect(fulfillmentText('StorePickup', null)).toBe('Store pickup');
    expect(fulfillmentText('SameDayDelivery', 'Janesville, WI')).toBe('Same-day delivery');
  });

  it('shipping is FREE at zero, else the rate; the note says how far free shipping is', () => {
    expect(shippingText(0)).toBe('FREE');
    expect(shippingText(799)).toBe('$7.99');
    const ships = { ...EMPTY_SUMMARY, needsShippingAddress: true };
    expect(freeShippingNote({ ...ships, subtotalCents: 1999, shippingCents: 799 })).toBe(
      'Add $29.01 more to get FREE shipping on orders over $49.',
    );
    expect(freeShippingNote({ ...ships, subtotalCents: 5000, shippingCents: 0 })).toBe('Orders over $49 ship FREE.');
    expect(freeShippingNote({ ...EMPTY_SUMMARY, needsShippingAddress: false })).toBeNull();
    expect(wholeDollars(4900)).toBe('$49');
    expect(wholeDollars(4950)).toBe('$49.50');
  });

  it('tax: the amount with its state, exempt, or not yet known', () => {
    expect(taxText({ taxState: null, taxExempt: false, taxCents: 0 })).toBe('Calculated after you enter a ZIP code');
    expect(taxText({ taxState: 'WI', taxExempt: false, taxCents: 220 })).toBe('$2.20');
    expect(taxLabel({ taxState: 'WI', taxExempt: false })).toBe('Tax (WI)');
    expect(taxLabel({ taxState: null, taxExempt: false })).toBe('Tax');
  });

  it('tax of a tax-exempt customer: "Sales tax (exempt)" at $0.00, known or not where it is taxed', () => {
    expect(taxLabel({ taxState: 'WI', taxExempt: true })).toBe('Sales tax (exempt)');
    expect(taxLabel({ taxState: null, taxExempt: true })).toBe(TAX_EXEMPT_LABEL);
    expect(taxText({ taxState: 'WI', taxExempt: true, taxCents: 0 })).toBe('$0.00');
    expect(taxText({ taxState: null, taxExempt: true, taxCents: 0 })).toBe('$0.00');
  });

  it('card brands as shoppers know them', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('Mastercard')).toBe('Mastercard');
    expect(cardBrandName('unionpay')).toBe('Unionpay');
    expect(cardBrandName(null)).toBe('Card');
  });

  it('a store’s address on one line; the 50 states and DC', () => {
    expect(
      storeAddress({ storeNum: 1, name: 'x', address1: '2500 Milton Ave', city: 'Janesville', state: 'WI', zip: '53545', phone: '' }),
    ).toBe('2500 Milton Ave, Janesville, WI 53545');
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(51);
  });
});
