import { describe, expect, it } from 'vitest';
import type { CartLine } from '../shared/api/cart';
import {
  focusAfterRemove,
  fulfillmentLabel,
  itemCount,
  maskQuantity,
  merchandiseCents,
  parseQuantity,
  pickupStores,
  QUANTITY_MESSAGE,
  warrantyTotalCents,
} from './format';

function line(lineId: number, over: Partial<CartLine> = {}): CartLine {
  return {
    lineId,
    blainNumber: String(1000 + lineId),
    name: `Item ${lineId}`,
    url: `/product/${1000 + lineId}/item/`,
    thumbnail: null,
    quantity: 1,
    unitPriceCents: 1000,
    unitPrice: '$10.00',
    fulfillmentType: 'ShipToHome',
    storeNum: null,
    warranty: null,
    plans: null,
    lineTotalCents: 1000,
    lineTotal: '$10.00',
    ...over,
  };
}

describe('quantity', () => {
  it('the mask keeps at most 3 digits', () => {
    expect(maskQuantity('12')).toBe('12');
    expect(maskQuantity('1234')).toBe('123');
    expect(maskQuantity('a1-2b')).toBe('12');
    expect(maskQuantity('')).toBe('');
  });

  it('accepts 1 to 999 and nothing else', () => {
    expect(parseQuantity('1')).toEqual({ quantity: 1 });
    expect(parseQuantity('007')).toEqual({ quantity: 7 });
    expect(parseQuantity(' 25 ')).toEqual({ quantity: 25 });
    expect(parseQuantity('999')).toEqual({ quantity: 999 });
    for (const bad of ['', '0', '000', '1000', '-1', '2.5', 'ten']) {
      expect(parseQuantity(bad), bad).toEqual({ error: QUANTITY_MESSAGE });
    }
    expect(QUANTITY_MESSAGE).toBe('Please enter a quantity from 1 to 999.');
  });
});

describe('texts', () => {
  it('counts items', () => {
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(0)).toBe('0 items');
    expect(itemCount(12)).toBe('12 items');
  });

  it('names how each line reaches the shopper', () => {
    const stores = { 7: { storeNum: 7, title: 'Janesville, WI' } };
    expect(fulfillmentLabel('ShipToHome', null, stores)).toBe('Ship to home');
    expect(fulfillmentLabel('StorePickup', 7, stores)).toBe('Pick up at Janesville, WI');
    expect(fulfillmentLabel('StorePickup', 9, stores)).toBe('Pick up at Store #9');
    expect(fulfillmentLabel('SameDayDelivery', 7, stores)).toBe('Same day delivery from Janesville, WI');
  });
});

describe('totals', () => {
  it('splits the subtotal into products and protection plans', () => {
    const lines = [
      line(1, { quantity: 2, unitPriceCents: 1299 }),
      line(2, { quantity: 3, unitPriceCents: 500, warranty: { id: 'w', name: 'Plan', priceCents: 199, years: 2 } }),
    ];
    expect(merchandiseCents(lines)).toBe(2 * 1299 + 3 * 500);
    expect(warrantyTotalCents(lines)).toBe(3 * 199);
  });

  it('lists the pickup stores once each, in line order', () => {
    const lines = [
      line(1),
      line(2, { fulfillmentType: 'StorePickup', storeNum: 7 }),
      line(3, { fulfillmentType: 'SameDayDelivery', storeNum: 3 }),
      line(4, { fulfillmentType: 'StorePickup', storeNum: 7 }),
    ];
    expect(pickupStores(lines)).toEqual([7, 3]);
    expect(pickupStores([line(1)])).toEqual([]);
  });
});

describe('focus after remove', () => {
  it('goes to the next line, else the previous, else nowhere', () => {
    expect(focusAfterRemove([1, 2, 3], 2)).toBe(3);
    expect(focusAfterRemove([1, 2, 3], 3)).toBe(2);
    expect(focusAfterRemove([5], 5)).toBeNull();
  });
});
