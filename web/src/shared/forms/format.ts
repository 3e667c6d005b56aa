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
