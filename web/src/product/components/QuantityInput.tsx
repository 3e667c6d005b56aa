import { useId } from 'react';
import { maskInputProps, maskQuantity } from '../../shared/forms/masks';

export const MIN_QUANTITY = 1;
/** Three digits (spec §5 input masks: quantity up to 3 digits). */
export const MAX_QUANTITY = 999;
export const QUANTITY_MESSAGE = `Please enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;

/** The quantity a text value stands for, or null when it is not 1–999. */
export function parseQuantity(value: string): number | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= MIN_QUANTITY && n <= MAX_QUANTITY ? n : null;
}

export interface QuantityInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
}

/** Quantity: digits only, at most 3, with − and + buttons. */
export function QuantityInput({ value, onChange, error = null, label = 'Quantity' }: QuantityInputProps) {
  const id = useId();
  const errorId = useId();
  const current = parseQuantity(value) ?? MIN_QUANTITY;
  const { inputMode, maxLength } = maskInputProps('quantity');
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        {label}
      </label>
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label="Decrease quantity"
          disabled={current <= MIN_QUANTITY}
          onClick={() => onChange(String(Math.max(MIN_QUANTITY, current - 1)))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="quantity__input"
          type="text"
          inputMode={inputMode}
          maxLength={maxLength}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(maskQuantity(e.target.value))}
          onBlur={() => {
            if (parseQuantity(value) === null) onChange(String(MIN_QUANTITY));
          }}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label="Increase quantity"
          disabled={current >= MAX_QUANTITY}
          onClick={() => onChange(String(Math.min(MAX_QUANTITY, current + 1)))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {error && (
        <p id={errorId} className="quantity__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
