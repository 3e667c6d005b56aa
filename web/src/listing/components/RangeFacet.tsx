import { useId, useState, type CSSProperties, type FormEvent } from 'react';
import type { Facet } from '../../shared/api/search';
import { dollarsToCents, formatCents } from '../../shared/money';
import { rangeFromInputs } from '../../search/state';

export interface RangeFacetProps {
  facet: Facet;
  /** The chosen range, or null (the whole range). */
  chosen: { from: number; to: number } | null;
  onChange: (from: number, to: number) => void;
}

function show(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/**
 * A numeric range (price): a two-handle slider and from/to boxes. Typed values that are not
 * numbers, outside the facet's bounds or reversed fall back to the bounds (spec §5).
 */
export function RangeFacet({ facet, chosen, onChange }: RangeFacetProps) {
  const min = facet.min ?? 0;
  const max = facet.max ?? 0;
  const sliderMin = Math.floor(min);
  const sliderMax = Math.ceil(max);
  const initialFrom = chosen ? Math.max(chosen.from, min) : min;
  const initialTo = chosen ? Math.min(chosen.to, max) : max;
  const [low, setLow] = useState(initialFrom);
  const [high, setHigh] = useState(initialTo);
  const [fromText, setFromText] = useState(show(initialFrom));
  const [toText, setToText] = useState(show(initialTo));
  const fromId = useId();
  const toId = useId();
  const isPrice = facet.name === 'price';

  // A new answer (or URL) with other bounds resets the controls, during the render that brings
  // it. (An effect did this after every mount too, late: on a slow machine it could land after
  // the shopper's first keystrokes and put the boxes back to the bounds.)
  const [shown, setShown] = useState({ from: initialFrom, to: initialTo });
  if (shown.from !== initialFrom || shown.to !== initialTo) {
    setShown({ from: initialFrom, to: initialTo });
    setLow(initialFrom);
    setHigh(initialTo);
    setFromText(show(initialFrom));
    setToText(show(initialTo));
  }

  if (!(max > min)) return null;

  function commit(from: number, to: number) {
    const [lo, hi] = rangeFromInputs(String(from), String(to), min, max);
    setFromText(show(lo));
    setToText(show(hi));
    if (lo !== initialFrom || hi !== initialTo) onChange(lo, hi);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [lo, hi] = rangeFromInputs(fromText, toText, min, max);
    setLow(lo);
    setHigh(hi);
    setFromText(show(lo));
    setToText(show(hi));
    if (lo !== initialFrom || hi !== initialTo) onChange(lo, hi);
  }

  const label = (n: number) => (isPrice ? formatCents(dollarsToCents(n)) : show(n));
  const span = sliderMax - sliderMin || 1;

  return (
    <form className="range-facet" onSubmit={onSubmit} aria-label={`${facet.label} range`}>
      <div
        className="range-facet__slider"
        style={
          {
            '--range-lo': `${((Math.max(low, sliderMin) - sliderMin) / span) * 100}%`,
            '--range-hi': `${((Math.min(high, sliderMax) - sliderMin) / span) * 100}%`,
          } as CSSProperties
        }
      >
        <input
          type="range"
          min={sliderMin}
          max={sliderMax}
          step={1}
          value={Math.round(low)}
          aria-label={`Minimum ${facet.label.toLowerCase()}`}
          aria-valuetext={label(low)}
          onChange={(e) => {
            const v = Math.min(Number(e.currentTarget.value), high);
            setLow(v);
            setFromText(show(Math.max(v, min)));
          }}
          onPointerUp={() => commit(low, high)}
          onKeyUp={() => commit(low, high)}
          onBlur={() => commit(low, high)}
        />
        <input
          type="range"
          min={sliderMin}
          max={sliderMax}
          step={1}
          value={Math.round(high)}
          aria-label={`Maximum ${facet.label.toLowerCase()}`}
          aria-valuetext={label(high)}
          onChange={(e) => {
            const v = Math.max(Number(e.currentTarget.value), low);
            setHigh(v);
            setToText(show(Math.min(v, max)));
          }}
          onPointerUp={() => commit(low, high)}
          onKeyUp={() => commit(low, high)}
          onBlur={() => commit(low, high)}
        />
      </div>
      <p className="range-facet__bounds" aria-hidden="true">
        <span>{label(min)}</span>
        <span>{label(max)}</span>
      </p>
      <div className="range-facet__inputs">
        <label htmlFor={fromId}>
          From{' '}<span className="visually-hidden">({facet.label})</span>
        </label>
        <input
          id={fromId}
          type="text"
          inputMode="decimal"
          value={fromText}
          onChange={(e) => setFromText(e.currentTarget.value)}
          size={7}
        />
        <label htmlFor={toId}>
          To{' '}<span className="visually-hidden">({facet.label})</span>
        </label>
        <input
          id={toId}
          type="text"
          inputMode="decimal"
          value={toText}
          onChange={(e) => setToText(e.currentTarget.value)}
          size={7}
        />
        <button type="submit" className="button button--secondary range-facet__go">
          Go<span className="visually-hidden">: apply the {facet.label.toLowerCase()} range</span>
        </button>
      </div>
    </form>
  );
}
