import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  pinRule,
  REDIRECT_RULE,
  schedulePinRule,
  type PinHistoryBoard,
  type PinRuleWindow,
  type Pins,
} from '../api/merch';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { useStaffSession } from '../session';
import {
  formatWindow,
  isScheduled,
  itemLabel,
  localDay,
  storeLink,
  windowInput,
  windowOf,
  windowProblems,
  type BoardState,
  type WindowInput,
  type WindowProblems,
} from './board';

/** A rule of the board that may be scheduled: a pinned item, or the redirect. */
interface Rule {
  rule: string;
  label: string;
  window: PinRuleWindow | undefined;
}

/** When a rule applies, in words: 'Always', 'from Dec 20, 9:00 AM until Dec 27'. */
export function windowText(window: PinRuleWindow | undefined): string {
  return isScheduled(window) ? formatWindow(window) : 'Always';
}

/**
 * The board's schedules: each published pin and the redirect with when it applies, and
 * "Schedule" to change it — a start and an end (this browser's time, sent as UTC), Save, or
 * Always (neither) — through `SchedulePinRule`. A rule with a start links to the store as of
 * that time, and any day can be previewed (`HawkDate`, with preview mode on). `onChanged` is
 * given each answer.
 */
export function SchedulesPanel({
  board,
  state,
  names,
  storePage,
  onChanged,
}: {
  board: PinHistoryBoard;
  state: BoardState;
  names: ReadonlyMap<string, string>;
  storePage: string | null;
  onChanged: (answer: Pins) => void;
}) {
  const id = useId();
  const signedOut = useStaffSession((s) => s.signedOut);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [day, setDay] = useState(() => localDay());
  const toggles = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    if (open === null && refocus.current !== null) {
      toggles.current.get(refocus.current)?.focus();
      refocus.current = null;
    }
  }, [open]);

  const rules: Rule[] = state.pins.map((item) => ({
    rule: pinRule(item),
    label: itemLabel(item, names),
    window: state.schedules[pinRule(item)],
  }));
  if (state.redirect !== null) {
    rules.push({ rule: REDIRECT_RULE, label: `Redirect to ${state.redirect}`, window: state.schedules[REDIRECT_RULE] });
  }

  function close(rule: string) {
    refocus.current = rule;
    setFormError(null);
    setOpen(null);
  }

  async function schedule(rule: Rule, window: PinRuleWindow) {
    if (busy) return;
    setBusy(true);
    setMessage('');
    setFormError(null);
    try {
      onChanged(await schedulePinRule(board, rule.rule, window));
      close(rule.rule);
      setMessage(
        isScheduled(window) ? `Scheduled ${rule.label} ${formatWindow(window)}.` : `${rule.label} applies always now.`,
      );
    } catch (failure) {
      if (isSignedOut(failure)) {
        signedOut();
        return;
      }
      setFormError(staffErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pin-schedules" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="pin-board__subtitle">
        Schedules
      </h2>
      <p className="staff-field__hint">
        A pinned item or the redirect may apply from a start, until an end, or both; outside that, shoppers do not get
        it. These are the published pins and redirect. Times are this browser’s.
      </p>
      <Outcome message={message} error={null} />
      {rules.length === 0 ? (
        <p>Nothing is pinned and there is no redirect: there is nothing to schedule.</p>
      ) : (
        <ul className="pin-schedules__list" aria-label="Pins and redirect with when each applies">
          {rules.map((rule) => {
            const formId = `${id}-${rule.rule}`;
            const isOpen = open === rule.rule;
            return (
              <li key={rule.rule} className="pin-schedule">
                <div className="pin-schedule__head">
                  <span className="pin-schedule__label">{rule.label}</span>
                  <span className="pin-schedule__window" data-scheduled={isScheduled(rule.window) || undefined}>
                    {windowText(rule.window)}
                  </span>
                  {rule.window?.startsAt && storePage && (
                    <a
                      href={storeLink(storePage, { HawkDate: rule.window.startsAt })}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Preview when it starts{' '}
                      <span className="visually-hidden">({rule.label}; opens in a new tab)</span>
                    </a>
                  )}
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) toggles.current.set(rule.rule, element);
                      else toggles.current.delete(rule.rule);
                    }}
                    className="button button--secondary"
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? formId : undefined}
                    onClick={() => {
                      setFormError(null);
                      setOpen(isOpen ? null : rule.rule);
                    }}
                  >
                    Schedule <span className="visually-hidden">{rule.label}</span>
                  </button>
                </div>
                {isOpen && (
                  <ScheduleForm
                    id={formId}
                    label={rule.label}
                    window={rule.window}
                    busy={busy}
                    error={formError}
                    onSave={(window) => void schedule(rule, window)}
                    onCancel={() => close(rule.rule)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {storePage && (
        <div className="staff-toolbar pin-schedules__day">
          <div className="staff-field">
            <label htmlFor={`${id}-day`} className="staff-field__label">
              Day to preview
            </label>
            <input
              id={`${id}-day`}
              type="date"
              className="staff-input pin-schedules__date"
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              aria-describedby={`${id}-day-hint`}
            />
          </div>
          {day && (
            <a href={storeLink(storePage, { HawkDate: day })} target="_blank" rel="noopener noreferrer">
              Preview a day <span className="visually-hidden">on the store (opens in a new tab)</span>
            </a>
          )}
          <p id={`${id}-day-hint`} className="staff-field__hint pin-schedules__hint">
            The store with the schedules as of the day’s start (UTC). Preview mode must be on (“Preview the store”,
            above); shoppers never see it.
          </p>
        </div>
      )}
    </section>
  );
}

/** A rule's start and end: Save, Always (neither), Cancel (also Escape). */
function ScheduleForm({
  id,
  label,
  window,
  busy,
  error,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  window: PinRuleWindow | undefined;
  busy: boolean;
  /** The server's refusal. */
  error: string | null;
  onSave: (window: PinRuleWindow) => void;
  onCancel: () => void;
}) {
  const [input, setInput] = useState<WindowInput>(() => windowInput(window));
  const [problems, setProblems] = useState<WindowProblems>({});
  const first = useRef<HTMLInputElement>(null);
  const fields = useRef(new Map<keyof WindowInput, HTMLInputElement>());

  useEffect(() => {
    first.current?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = windowProblems(input);
    setProblems(found);
    const wrong = (['startsAt', 'endsAt'] as const).find((name) => found[name]);
    if (wrong) {
      fields.current.get(wrong)?.focus();
      return;
    }
    onSave(windowOf(input));
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape' && !busy) {
      event.preventDefault();
      onCancel();
    }
  }

  function field(name: keyof WindowInput, text: string) {
    const problem = problems[name];
    return (
      <div className="staff-field">
        <label htmlFor={`${id}-${name}`} className="staff-field__label">
          {text} <span className="staff-field__required">(optional)</span>
        </label>
        <input
          ref={(element) => {
            if (element) fields.current.set(name, element);
            else fields.current.delete(name);
            if (name === 'startsAt') first.current = element;
          }}
          id={`${id}-${name}`}
          type="datetime-local"
          className="staff-input pin-schedule__when"
          value={input[name]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setInput((previous) => ({ ...previous, [name]: value }));
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${name}-problem` : undefined}
        />
        {problem && (
          <p id={`${id}-${name}-problem`} className="staff-field__error">
            {problem}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      id={id}
      className="staff-toolbar pin-schedule__form"
      aria-label={`When ${label} applies`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      {field('startsAt', 'Starts')}
      {field('endsAt', 'Ends')}
      <div className="pin-schedule__buttons">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onSave({});
          }}
        >
          Always
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      <p className="staff-field__hint pin-schedule__hint">
        Empty: from now on, for good. Always clears both. The end is the first moment it no longer applies.
      </p>
      {error && (
        <p role="alert" className="staff-error">
          {error}
        </p>
      )}
    </form>
  );
}
