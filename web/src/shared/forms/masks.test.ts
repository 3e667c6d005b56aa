import { describe, expect, it } from 'vitest';
import {
  maskCardNumber,
  maskCvv,
  maskExpiry,
  maskMoney,
  maskPhone,
  maskQuantity,
  maskZip,
} from './masks';

describe('masks', () => {
  it('phone (US)', () => {
    expect(maskPhone('6')).toBe('(6');
    expect(maskPhone('6087')).toBe('(608) 7');
    expect(maskPhone('6087529000')).toBe('(608) 752-9000');
    expect(maskPhone('1-608-752-9000')).toBe('(608) 752-9000');
    expect(maskPhone('608752900099')).toBe('(608) 752-9000');
    expect(maskPhone(maskPhone('6087529000'))).toBe('(608) 752-9000');
    expect(maskPhone('abc')).toBe('');
  });
  it('ZIP of 5', () => {
    expect(maskZip('53545-1234')).toBe('53545');
    expect(maskZip('5a3')).toBe('53');
  });
  it('card up to 16 digits', () => {
    expect(maskCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('4111 11')).toBe('4111 11');
  });
  it('CVV up to 4, quantity up to 3', () => {
    expect(maskCvv('12345')).toBe('1234');
    expect(maskQuantity('1000')).toBe('100');
    expect(maskQuantity('x7')).toBe('7');
  });
  it('expiry', () => {
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('112')).toBe('11/2');
    expect(maskExpiry('11/27')).toBe('11/27');
  });
  it('money with a $ prefix, positive, 2 decimals', () => {
    expect(maskMoney('')).toBe('');
    expect(maskMoney('12')).toBe('$12');
    expect(maskMoney('-12.345')).toBe('$12.34');
    expect(maskMoney('$0012.5')).toBe('$12.5');
    expect(maskMoney('.5')).toBe('$0.5');
    expect(maskMoney(maskMoney('12.3'))).toBe('$12.3');
  });
});
