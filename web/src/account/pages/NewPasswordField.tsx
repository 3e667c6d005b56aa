import { useId, useState, type ReactNode, type Ref } from 'react';
import { FieldLabel, PASSWORD_MAX_LENGTH } from '../../shared/forms';

/**
 * The new-password field of the reset and update pages: the input, what the page says about
 * the password under it (`children`, the element `describedBy` names) and 'Show password'.
 */
export function NewPasswordField({
  inputRef,
  value,
  onChange,
  invalid,
  describedBy,
  children,
}: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** Marks the input invalid (once the page shows the password's problem). */
  invalid: boolean;
  describedBy: string;
  children: ReactNode;
}) {
  const inputId = useId();
  const showId = useId();
  const [show, setShow] = useState(false);
  return (
    <div className="account-field">
      <FieldLabel htmlFor={inputId} required>
        New Password
      </FieldLabel>
      <input
        ref={inputRef}
        id={inputId}
        name="newPassword"
        type={show ? 'text' : 'password'}
        className="account-input"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {children}
      <p className="account-checkbox">
        <input id={showId} type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
        <label htmlFor={showId}>Show password</label>
      </p>
    </div>
  );
}
