/**
 * What the registry pages and the product page's Add to Registry share: the pages' paths and
 * words, how an event and its date read, the rules of the create form (and the form's fields),
 * the share link with Copy, the notice line, and what a failed call shows.
 */
import { useEffect, useRef, useState, useId, type ReactNode, type Ref } from 'react';
import { NetworkError } from '../shared/api/client';
import {
  isRegistryNotFound,
  isRegistryEventType,
  REGISTRY_EVENT_TYPES,
  REGISTRY_MAX_QUANTITY,
  REGISTRY_MAX_YEARS_AHEAD,
  REGISTRY_MIN_QUANTITY,
  REGISTRY_NAME_MAX_LENGTH,
  type CreateRegistryRequest,
  type RegistryEventType,
} from '../shared/api/registry';
import { REGISTRY_PATHS } from '../content/siteLinks';
import {
  FieldError,
  FieldLabel,
  maxLength,
  MESSAGES,
  required,
  useField,
  useForm,
  validateSelect,
  type Field,
  type FormApi,
} from '../shared/forms';
import { GENERIC_ERROR_MESSAGE, reportError } from '../shared/ui/errors';
import './registry.css';

export { REGISTRY_PATHS };

export const REGISTRY_LIST_TITLE = 'My Registries & Lists';
export const REGISTRY_SIGN_IN_MESSAGE = 'Please sign in to see your registries.';
export const REGISTRY_NOT_FOUND_MESSAGE = 'This registry was not found. It may have been deleted.';
export const INVALID_SHARE_LINK_MESSAGE = 'This registry link is not valid.';
export const EVENT_DATE_MESSAGE = `Please choose a date from today to ${REGISTRY_MAX_YEARS_AHEAD} years from now.`;
export const INVALID_DATE_MESSAGE = 'Please enter a valid date.';
export const REGISTRY_QUANTITY_MESSAGE = `Please enter a quantity from ${REGISTRY_MIN_QUANTITY} to ${REGISTRY_MAX_QUANTITY}.`;
export const LINK_COPIED_MESSAGE = 'Link copied.';
/** The items' pictures (CSS shows them smaller on phones). */
export const REGISTRY_IMAGE_SIZE = 96;
export const COPY_YOURSELF_MESSAGE = 'Select the link and copy it (Ctrl+C, or ⌘C on a Mac).';

/** The manage page of one registry. */
export function manageHref(registryId: string): string {
  return `${REGISTRY_PATHS.manage}?id=${encodeURIComponent(registryId)}`;
}

/** What the event select shows for each type. */
export const EVENT_TYPE_LABELS: Record<RegistryEventType, string> = {
  Wedding: 'Wedding',
  Baby: 'Baby',
  Birthday: 'Birthday',
  Holiday: 'Holiday',
  Other: 'Other',
};

/** An event type as shown ('Wedding'); a type this client doesn't know, as sent. */
export function eventTypeLabel(type: string): string {
  return isRegistryEventType(type) ? EVENT_TYPE_LABELS[type] : type;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The calendar day of 'YYYY-MM-DD' (as UTC midnight), or null when it is no such day. */
function calendarDay(iso: string): Date | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? date : null;
}

/** 'June 14, 2026' for '2026-06-14' (the day itself, whatever the visitor's time zone); '' for none. */
export function formatEventDate(iso: string): string {
  const day = calendarDay(iso);
  return day ? LONG_DATE.format(day) : '';
}

/** The visitor's local date as 'YYYY-MM-DD'. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last day an event may be on: the same day two years from today. */
export function latestEventDate(now: Date = new Date()): string {
  const later = new Date(now.getFullYear() + REGISTRY_MAX_YEARS_AHEAD, now.getMonth(), now.getDate());
  return isoDate(later);
}

/** The event date's rule: required, a real day, from today to two years ahead. */
export function validateEventDate(value: string, now: Date = new Date()): string | null {
  if (value.trim() === '') return MESSAGES.required;
  if (!calendarDay(value)) return INVALID_DATE_MESSAGE;
  // 'YYYY-MM-DD' strings compare as the days they are.
  return value < isoDate(now) || value > latestEventDate(now) ? EVENT_DATE_MESSAGE : null;
}

/** The name's rule: required, at most 100 characters (trimmed, as sent). */
export function validateRegistryName(value: string): string | null {
  return required()(value) ?? maxLength(REGISTRY_NAME_MAX_LENGTH)(value.trim());
}

/** A wanted quantity typed: 1–99, else null. */
export function parseWantedQuantity(value: string): number | null {
  if (!/^\d{1,2}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= REGISTRY_MIN_QUANTITY && n <= REGISTRY_MAX_QUANTITY ? n : null;
}

export function validateWantedQuantity(value: string): string | null {
  return parseWantedQuantity(value) === null ? REGISTRY_QUANTITY_MESSAGE : null;
}

/** Digits only, at most two. */
export function maskWantedQuantity(value: string): string {
  return value.replace(/\D/g, '').slice(0, 2);
}

/** The page's address for a local path (what a shared link copies). */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * What a failed registry call shows: the registry is gone (404), the cookie message (403),
 * else the generic message (an unexpected failure is reported too).
 */
export function registryFailureMessage(error: unknown): string {
  if (isRegistryNotFound(error)) return REGISTRY_NOT_FOUND_MESSAGE;
  if (error instanceof NetworkError) return error.status === 403 && error.serverMessage ? error.serverMessage : GENERIC_ERROR_MESSAGE;
  reportError(error);
  return GENERIC_ERROR_MESSAGE;
}

// ------------------------------------------------------------ create form

export interface RegistryForm {
  form: FormApi;
  name: Field<string>;
  eventType: Field<string>;
  eventDate: Field<string>;
  /** The request the fields make (valid only after `form.validateAll()`). */
  request: () => CreateRegistryRequest;
  reset: () => void;
}

/** The create form's state: name, event type and event date with their rules. */
export function useRegistryForm(): RegistryForm {
  const form = useForm();
  const name = useField(form, { initialValue: '', validate: validateRegistryName, name: 'name' });
  const eventType = useField(form, { initialValue: '', validate: validateSelect, name: 'eventType' });
  const eventDate = useField(form, { initialValue: '', validate: (v) => validateEventDate(v), name: 'eventDate' });
  return {
    form,
    name,
    eventType,
    eventDate,
    request: () => ({
      name: name.value.trim(),
      eventType: eventType.value as RegistryEventType,
      eventDate: eventDate.value,
    }),
    reset: () => {
      name.reset();
      eventType.reset();
      eventDate.reset();
    },
  };
}

/** The create form's three fields, labelled, each with its message. */
export function RegistryFields({ fields }: { fields: RegistryForm }) {
  const { name, eventType, eventDate } = fields;
  return (
    <>
      <div className="registry-field">
        <FieldLabel htmlFor={name.id} required>
          Registry name
        </FieldLabel>
        <input {...name.inputProps} type="text" className="registry-input" autoComplete="off" />
        <FieldError id={name.errorId} message={name.error} />
      </div>
      <div className="registry-form__pair">
        <div className="registry-field">
          <FieldLabel htmlFor={eventType.id} required>
            Event type
          </FieldLabel>
          <select {...eventType.inputProps} className="registry-input">
            <option value="">Select an event</option>
            {REGISTRY_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          <FieldError id={eventType.errorId} message={eventType.error} />
        </div>
        <div className="registry-field">
          <FieldLabel htmlFor={eventDate.id} required>
            Event date
          </FieldLabel>
          <input
            {...eventDate.inputProps}
            type="date"
            className="registry-input"
            min={isoDate(new Date())}
            max={latestEventDate()}
          />
          <FieldError id={eventDate.errorId} message={eventDate.error} />
        </div>
      </div>
    </>
  );
}

// ------------------------------------------------------------ share link

/**
 * A registry's public link, read-only, with Copy. Where the browser won't copy, the link is
 * selected and the shopper is told to copy it.
 */
export function ShareLink({
  path,
  registryName,
  focusCopy = false,
}: {
  path: string;
  registryName: string;
  /** The link was just made (the Share button is gone): Copy takes focus. */
  focusCopy?: boolean;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState<string>('');
  const url = absoluteUrl(path);

  useEffect(() => {
    if (focusCopy) copyButton.current?.focus();
  }, [focusCopy]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setStatus(LINK_COPIED_MESSAGE);
    } catch {
      input.current?.focus();
      input.current?.select();
      setStatus(COPY_YOURSELF_MESSAGE);
    }
  }

  return (
    <div className="registry-share">
      <label htmlFor={inputId} className="registry-share__label">
        Share link{' '}<span className="visually-hidden">for {registryName}</span>
      </label>
      <div className="registry-share__row">
        <input
          ref={input}
          id={inputId}
          className="registry-input registry-share__input"
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          ref={copyButton}
          type="button"
          className="button button--secondary registry-share__copy"
          onClick={() => void copy()}
        >
          Copy link{' '}<span className="visually-hidden">for {registryName}</span>
        </button>
      </div>
      <p className="registry-share__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

// ------------------------------------------------------------ notices

/** A line a page says after an action: a polite status, or an alert for a failure. */
export interface RegistryNotice {
  kind: 'success' | 'error';
  content: ReactNode;
}

export function NoticeSlot({ notice, focusRef }: { notice: RegistryNotice | null; focusRef?: Ref<HTMLDivElement> }) {
  return (
    <div aria-live="polite" className="registry-notice-slot">
      {notice && (
        <div
          ref={focusRef}
          tabIndex={-1}
          role={notice.kind === 'error' ? 'alert' : undefined}
          className={`registry-message registry-message--${notice.kind}`}
        >
          <p>{notice.content}</p>
        </div>
      )}
    </div>
  );
}

/**
 * A notice that takes focus when shown after an action whose control may be gone (a removed
 * row, a closed dialog). `say(notice)` shows it and moves focus there.
 */
export function useNotice() {
  const [notice, setNotice] = useState<RegistryNotice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (notice && wanted.current) {
      wanted.current = false;
      ref.current?.focus();
    }
  }, [notice]);
  return {
    notice,
    ref,
    say: (next: RegistryNotice) => {
      wanted.current = true;
      setNotice(next);
    },
    clear: () => setNotice(null),
  };
}

/** 'Wedding · June 14, 2026' */
export function EventLine({ eventType, eventDate }: { eventType: string; eventDate: string }) {
  const date = formatEventDate(eventDate);
  return (
    <>
      {eventTypeLabel(eventType)}
      {date && (
        <>
          {' · '}
          <time dateTime={eventDate}>{date}</time>
        </>
      )}
    </>
  );
}

/** '1 item', '3 items' */
export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}
