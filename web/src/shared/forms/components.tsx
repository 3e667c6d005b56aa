import type { ReactNode } from 'react';
import { OPTIONAL_LABEL, REQUIRED_LABEL } from './messages';
import { characterCount } from './textarea';
import './forms.css';

/** A field label with '*required' or '—optional' after it. */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="form-label">
      {children}{' '}
      <span className={required ? 'form-label__required' : 'form-label__optional'}>
        {required ? REQUIRED_LABEL : OPTIONAL_LABEL}
      </span>
    </label>
  );
}

/** The message under a field; renders nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error">
      {message}
    </p>
  );
}

/** used/allowed under a text area; flags and explains an overflow. */
export function CharacterCounter({ id, value, allowed }: { id: string; value: string; allowed: number }) {
  const count = characterCount(value, allowed);
  return (
    <p id={id} className={`form-counter${count.over ? ' form-counter--over' : ''}`} aria-live="polite">
      <span>{count.text}</span>
      {count.message && <span className="form-counter__message"> {count.message}</span>}
    </p>
  );
}
