import { countdownText, type CountdownValue } from '../countdown';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** '8d 03h 37m 12s'; read out in words. Not a live region. */
export function Countdown({ value }: { value: CountdownValue }) {
  return (
    <span
      className={`site-banner__countdown${value.done ? ' site-banner__countdown--done' : ''}`}
      role="timer"
      aria-live="off"
      data-done={value.done || undefined}
    >
      <span aria-hidden="true">
        <span className="site-banner__unit">{value.days}d</span>{' '}
        <span className="site-banner__unit">{pad(value.hours)}h</span>{' '}
        <span className="site-banner__unit">{pad(value.minutes)}m</span>{' '}
        <span className="site-banner__unit">{pad(value.seconds)}s</span>
      </span>
      <span className="visually-hidden">
        {countdownText(value)}
        {value.done ? ' (ended)' : ''}
      </span>
    </span>
  );
}
