import { useId, useState, type FormEvent } from 'react';
import type { Warranty } from '../../shared/api/cart';
import { formatCents } from '../../shared/money';

interface Props {
  name: string;
  chosen: Warranty | null;
  /** Plans on offer; undefined while unknown. */
  options: Warranty[] | undefined;
  busy: boolean;
  onChoose: (warrantyId: string) => void;
  onRemove: () => void;
}

function optionText(w: Warranty): string {
  const years = w.years > 0 && !/\byear/i.test(w.name) ? ` (${w.years} ${w.years === 1 ? 'year' : 'years'})` : '';
  return `${w.name}${years} – ${formatCents(w.priceCents)} each`;
}

/**
 * A line's protection plan: the chosen plan with Remove, and a list of the
 * plans on offer with a button to add (or change to) one.
 */
export function WarrantyControl({ name, chosen, options, busy, onChoose, onRemove }: Props) {
  const id = useId();
  const others = (options ?? []).filter((w) => w.id !== chosen?.id);
  const [selected, setSelected] = useState('');

  if (!chosen && others.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !selected) return;
    onChoose(selected);
    setSelected('');
  }

  return (
    <div className="cart-warranty">
      {chosen && (
        <p className="cart-warranty__chosen">
          <span>
            <span className="cart-warranty__label">Protection plan:</span> {optionText(chosen)}
          </span>
          <button
            type="button"
            className="cart-link-button"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onRemove()}
          >
            Remove plan{' '}<span className="visually-hidden">from {name}</span>
          </button>
        </p>
      )}
      {others.length > 0 && (
        <form className="cart-warranty__form" onSubmit={submit}>
          <label htmlFor={`${id}-plan`} className="cart-warranty__label">
            {chosen ? 'Change protection plan' : 'Add a protection plan'}
            {' '}<span className="visually-hidden">for {name}</span>
          </label>
          <div className="cart-warranty__row">
            <select id={`${id}-plan`} value={selected} onChange={(e) => setSelected(e.target.value)}>
              <option value="">Choose a plan</option>
              {others.map((w) => (
                <option key={w.id} value={w.id}>
                  {optionText(w)}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="button button--secondary"
              aria-disabled={busy || !selected || undefined}
            >
              {chosen ? 'Change plan' : 'Add plan'}
              {' '}<span className="visually-hidden">for {name}</span>
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
