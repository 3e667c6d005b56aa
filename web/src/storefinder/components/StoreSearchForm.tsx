import { useEffect } from 'react';
import { MESSAGES } from '../../shared/forms/messages';
import { useField, useForm } from '../../shared/forms/useForm';
import { validateZip } from '../../shared/forms/validators';

export interface StoreSearchFormProps {
  onZip: (zip: string) => void;
  onMyLocation: () => void;
  /** InvalidZip from the server, shown under the field. */
  serverZipError?: string | null;
  busy?: boolean;
  initialZip?: string;
}

/** ZIP search (5 digits) and 'Use My Location'. */
export function StoreSearchForm({
  onZip,
  onMyLocation,
  serverZipError = null,
  busy = false,
  initialZip = '',
}: StoreSearchFormProps) {
  const form = useForm();
  const zip = useField(form, { initialValue: initialZip, validate: validateZip, mask: 'zip', name: 'zip' });
  const { setError } = zip;

  useEffect(() => {
    if (serverZipError) setError(serverZipError);
  }, [serverZipError, setError]);

  return (
    <form
      className="store-search"
      role="search"
      aria-label="Find stores"
      noValidate
      onSubmit={form.handleSubmit(() => {
        const value = zip.value.trim();
        if (value === '') {
          zip.setError(MESSAGES.zip);
          document.getElementById(zip.id)?.focus();
          return;
        }
        onZip(value);
      })}
    >
      <label htmlFor={zip.id} className="store-search__label">
        ZIP code
      </label>
      <div className="store-search__row">
        <input
          {...zip.inputProps}
          className="store-search__input"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="e.g. 53545"
        />
        <button type="submit" className="button store-search__submit" aria-disabled={busy || undefined}>
          Search
        </button>
      </div>
      {zip.error && (
        <p id={zip.errorId} className="store-search__error" role="alert">
          {zip.error}
        </p>
      )}
      <button
        type="button"
        className="store-search__location"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onMyLocation();
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm1-7v2.06A9 9 0 0 1 20.94 11H23v2h-2.06A9 9 0 0 1 13 20.94V23h-2v-2.06A9 9 0 0 1 3.06 13H1v-2h2.06A9 9 0 0 1 11 3.06V1h2Zm-1 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Z"
          />
        </svg>
        Use My Location
      </button>
    </form>
  );
}
