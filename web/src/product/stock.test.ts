import { describe, expect, it } from 'vitest';
import { shipToHomeLabel, stockLabel } from './stock';

const inv = (isStocked: boolean, storeOnHand: number, ecomOnHand: number) => ({ isStocked, storeOnHand, ecomOnHand });

describe('stockLabel (spec §4, in order of test)', () => {
  it('not carried when not stocked, whatever the counts', () => {
    expect(stockLabel(inv(false, 0, 0))).toEqual({ status: 'NotCarried', label: 'Not carried' });
    expect(stockLabel(inv(false, 50, 50)).status).toBe('NotCarried');
  });

  it('out of stock when both counts are below 1', () => {
    expect(stockLabel(inv(true, 0, 0))).toEqual({ status: 'OutOfStock', label: 'Out of stock' });
    expect(stockLabel(inv(true, -2, 0)).status).toBe('OutOfStock');
  });

  it('limited in store from 1 to 10 with no web stock, in store only above 10', () => {
    expect(stockLabel(inv(true, 1, 0))).toEqual({ status: 'LimitedInStore', label: 'Limited quantities in store' });
    expect(stockLabel(inv(true, 10, 0)).status).toBe('LimitedInStore');
    expect(stockLabel(inv(true, 11, 0))).toEqual({ status: 'InStoreOnly', label: 'Available in store only' });
  });

  it('in stock when web stock exceeds the desired quantity and 10, else only n left', () => {
    expect(stockLabel(inv(true, 0, 11))).toEqual({ status: 'InStock', label: 'In stock' });
    expect(stockLabel(inv(true, 0, 10))).toEqual({ status: 'OnlyLeft', label: 'Only 10 left!' });
    expect(stockLabel(inv(true, 0, 20), 19).status).toBe('InStock');
    expect(stockLabel(inv(true, 0, 20), 20)).toEqual({ status: 'OnlyLeft', label: 'Only 20 left!' });
    expect(stockLabel(inv(true, 30, 3)).label).toBe('Only 3 left!');
  });
});

describe('shipToHomeLabel', () => {
  it('uses the web stock only', () => {
    expect(shipToHomeLabel(true, 136, 1).label).toBe('In stock');
    expect(shipToHomeLabel(true, 5, 1).label).toBe('Only 5 left!');
    expect(shipToHomeLabel(true, 0, 1).label).toBe('Out of stock');
    expect(shipToHomeLabel(false, 100, 1)).toEqual({ status: 'NotCarried', label: 'Not available for shipping' });
  });
});
