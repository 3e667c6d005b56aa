/**
 * Currency: a $ sign, thousands separators and 2 decimals
 * (1234.5 → '$1,234.50', -3 → '-$3.00').
 */
export function formatCurrency(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const rounded = Math.round((Math.abs(amount) + Number.EPSILON) * 100) / 100;
  const [whole = '0', cents = '00'] = rounded.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 && rounded !== 0 ? '-' : ''}$${grouped}.${cents}`;
}

/**
 * A numeric range input (from/to) that falls back to the facet's min and max
 * when a bound is missing, out of range or the range is inverted.
 */
export function normalizeRange(
  from: number | null | undefined,
  to: number | null | undefined,
  min: number,
  max: number,
): [number, number] {
  let lo = typeof from === 'number' && Number.isFinite(from) ? from : min;
  let hi = typeof to === 'number' && Number.isFinite(to) ? to : max;
  if (lo < min || lo > max) lo = min;
  if (hi > max || hi < min) hi = max;
  if (lo > hi) return [min, max];
  return [lo, hi];
}
