import { useId, useState, type FormEvent } from 'react';
import { maskInputProps } from '../../shared/forms/masks';
import { maskQuantity, parseQuantity } from '../format';

interface Props {
  lineId: number;
  name: string;
  quantity: number;
  busy: boolean;
  /** The line's error (shown under the line) for aria-describedby. */
  errorId?: string;
  onInvalid: (message: string) => void;
  onSubmit: (quantity: number) => void;
}

/**
 * The quantity field (digits only, at most 3) and its Update button. The
 * field is reset to the cart's quantity whenever that changes (the parent
 * keys it on the quantity).
 */
export function QuantityForm({ lineId, name, quantity, busy, errorId, onInvalid, onSubmit }: Props) {
  const [value, setValue] = useState(String(quantity));
  const id = useId();
  const inputId = `${id}-qty`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseQuantity(value);
    if ('error' in parsed) {
      onInvalid(parsed.error);
      return;
    }
    if (parsed.quantity === quantity) {
      setValue(String(quantity));
      return;
    }
    onSubmit(parsed.quantity);
  }

  return (
    <form className="cart-qty" onSubmit={submit} noValidate data-line-id={lineId}>
      <label htmlFor={inputId} className="cart-qty__label">
        Quantity{' '}<span className="visually-hidden">of {name}</span>
      </label>
      <div className="cart-qty__row">
        <input
          id={inputId}
          className="cart-qty__input"
          type="text"
          name="quantity"
          autoComplete="off"
          {...maskInputProps('quantity')}
          pattern="[0-9]*"
          value={value}
          aria-describedby={errorId}
          onChange={(e) => setValue(maskQuantity(e.target.value))}
        />
        <button type="submit" className="button button--secondary cart-qty__update" aria-disabled={busy || undefined}>
          Update{' '}<span className="visually-hidden">quantity of {name}</span>
        </button>
      </div>
    </form>
  );
}
