import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money';

describe('formatCents', () => {
  it('formats like the server: $ sign, thousands separators, 2 decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1999)).toBe('-$19.99');
  });

  it('formats dollar amounts with $, separators and 2 decimals', () => {
    const dollars = (amount: number) => formatCents(dollarsToCents(amount));
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(5)).toBe('$5.00');
    expect(dollars(1234.5)).toBe('$1,234.50');
    expect(dollars(1234567.891)).toBe('$1,234,567.89');
    expect(dollars(1.005)).toBe('$1.01');
    expect(dollars(-3)).toBe('-$3.00');
    expect(dollars(Number.NaN)).toBe('');
  });
});
