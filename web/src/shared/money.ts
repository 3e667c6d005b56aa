/**
 * Money as the store shows it. Amounts are whole cents everywhere (the server's unit); the
 * server formats most of them ('$1,234.99'), `formatCents` formats the rest the same way.
 */

/** Cents → '$1,234.56' ('-$19.99' below zero; '' for a number that is not finite). */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Dollars (a price range typed or read from the address) → whole cents, rounded half up
 * (1.005 → 101: binary fractions are nudged, not truncated).
 */
export function dollarsToCents(amount: number): number {
  if (!Number.isFinite(amount)) return Number.NaN;
  const sign = amount < 0 ? -1 : 1;
  const cents = Math.round((Math.abs(amount) + Number.EPSILON) * 100);
  return cents === 0 ? 0 : sign * cents;
}
