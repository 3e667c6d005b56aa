import { describe, expect, it } from 'vitest';
import { fulfillmentOptions, selectedFulfillment } from './PurchasePanel';

const offered = fulfillmentOptions({ shipToHome: true, storePickup: true, sameDayDelivery: false });

describe('the fulfilment the product page preselects', () => {
  it('keeps what the shopper chose while it is offered', () => {
    expect(selectedFulfillment(offered, 'StorePickup', () => false)).toBe('StorePickup');
  });

  it('skips shipping when the online stock is gone and the store has it', () => {
    const inStock = (type: string) => type === 'StorePickup';
    expect(selectedFulfillment(offered, null, inStock)).toBe('StorePickup');
  });

  it('falls back to the first offered way when nothing says stock', () => {
    expect(selectedFulfillment(offered, null, () => false)).toBe('ShipToHome');
    expect(selectedFulfillment(offered, null)).toBe('ShipToHome');
  });

  it('never preselects a way the item is not offered', () => {
    const pickupOnly = fulfillmentOptions({ shipToHome: false, storePickup: true, sameDayDelivery: false });
    expect(selectedFulfillment(pickupOnly, 'ShipToHome', () => true)).toBe('StorePickup');
  });
});
