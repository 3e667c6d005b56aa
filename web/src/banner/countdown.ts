import type { CountdownMode } from '../session/headerData';

export interface CountdownValue {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** A 'before' countdown whose end has passed. */
  done: boolean;
}

/**
 * The countdown of a site message at `nowMs`:
 * - 'none' → null;
 * - 'before' → time until the end; done (all zero) once it has passed;
 * - 'after' → time since the end (zero before it).
 * Null as well when the end date is missing or unreadable.
 */
export function countdownValue(
  mode: CountdownMode,
  endDateTime: string | null,
  nowMs: number,
): CountdownValue | null {
  if (mode !== 'before' && mode !== 'after') return null;
  if (!endDateTime) return null;
  const endMs = Date.parse(endDateTime);
  if (Number.isNaN(endMs)) return null;

  const diff = mode === 'before' ? endMs - nowMs : nowMs - endMs;
  const total = Math.max(0, Math.floor(diff / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: mode === 'before' && diff <= 0,
  };
}

/**
 * Clock skew between the server and this browser, from the header's
 * serverTime and the moment it arrived: add it to Date.now().
 */
export function clockSkew(serverTime: string | null, receivedAt: number | null): number {
  if (!serverTime || receivedAt === null) return 0;
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** '3 days, 4 hours, 5 minutes, 6 seconds' (for assistive technology). */
export function countdownText(value: CountdownValue): string {
  return [
    plural(value.days, 'day'),
    plural(value.hours, 'hour'),
    plural(value.minutes, 'minute'),
    plural(value.seconds, 'second'),
  ].join(', ');
}
