import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { draftSynonymRule, type SynonymRule, type SynonymRuleDraft, type SynonymSet } from '../api/synonyms';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import {
  fromDateTimeLocal,
  normalizeSide,
  ruleInput,
  ruleProblems,
  type RuleInput,
  type RuleProblems,
} from './diff';

const FIELDS: (keyof RuleInput)[] = ['words', 'replacement', 'startsAt', 'endsAt'];

/**
 * Add a rule, or change one (`rule`): the words, their replacement and an optional start and
 * end (this browser's time zone, sent as RFC 3339). Saving makes a draft, never a live rule.
 * What is wrong is said next to its field before anything is sent; the server's refusal
 * ('Another rule is for these words.') next to the button. The page says what was drafted
 * (its status line outlives this form, which it gives a new key for each rule changed).
 */
export function RuleForm({
  rule,
  initialWords,
  labelledBy,
  onDrafted,
  onCancel,
  onSignedOut,
}: {
  /** The rule changed (as published, or as drafted when it has a draft); null to add one. */
  rule: SynonymRule | null;
  /** A new rule's words to start with (`?words=`). */
  initialWords: string;
  /** The id of the section's heading. */
  labelledBy: string;
  onDrafted: (set: SynonymSet, drafted: SynonymRuleDraft) => void;
  onCancel: () => void;
  onSignedOut: () => void;
}) {
  const id = useId();
  const [input, setInput] = useState<RuleInput>(() =>
    rule ? ruleInput(rule) : { ...ruleInput(null), words: initialWords },
  );
  const [problems, setProblems] = useState<RuleProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRef(new Map<keyof RuleInput, HTMLInputElement>());

  // A change starts at its first field (the page gives each rule's form its own key).
  const changing = rule !== null;
  useEffect(() => {
    if (changing) fields.current.get('words')?.focus();
  }, [changing]);

  function set(name: keyof RuleInput, value: string) {
    setInput((previous) => ({ ...previous, [name]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = ruleProblems(input);
    setProblems(found);
    setError(null);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      fields.current.get(first)?.focus();
      return;
    }
    const draft: SynonymRuleDraft = {
      words: normalizeSide(input.words),
      replacement: normalizeSide(input.replacement),
    };
    if (rule) draft.ruleId = rule.id;
    const startsAt = fromDateTimeLocal(input.startsAt);
    const endsAt = fromDateTimeLocal(input.endsAt);
    if (startsAt) draft.startsAt = startsAt;
    if (endsAt) draft.endsAt = endsAt;
    setBusy(true);
    try {
      const answer = await draftSynonymRule(draft);
      setBusy(false);
      if (!rule) setInput(ruleInput(null));
      onDrafted(answer, draft);
    } catch (failure) {
      setBusy(false);
      if (isSignedOut(failure)) {
        onSignedOut();
        return;
      }
      setError(staffErrorMessage(failure));
    }
  }

  function field(
    name: keyof RuleInput,
    label: string,
    options: { type: 'text' | 'datetime-local'; optional?: boolean; hint?: string },
  ) {
    const problem = problems[name];
    const describedBy = [options.hint ? `${id}-${name}-hint` : null, problem ? `${id}-${name}-problem` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="staff-field">
        <label htmlFor={`${id}-${name}`} className="staff-field__label">
          {label}
          {options.optional && <span className="staff-field__required"> (optional)</span>}
        </label>
        {options.hint && (
          <p id={`${id}-${name}-hint`} className="staff-field__hint">
            {options.hint}
          </p>
        )}
        <input
          ref={(element) => {
            if (element) fields.current.set(name, element);
            else fields.current.delete(name);
          }}
          id={`${id}-${name}`}
          name={name}
          type={options.type}
          className={`staff-input${options.type === 'datetime-local' ? ' synonyms-form__when' : ''}`}
          value={input[name]}
          onChange={(e) => set(name, e.currentTarget.value)}
          autoComplete="off"
          spellCheck={options.type === 'text' ? false : undefined}
          maxLength={options.type === 'text' ? 200 : undefined}
          required={!options.optional}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
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
    <form className="staff-form synonyms-form" aria-labelledby={labelledBy} onSubmit={(e) => void onSubmit(e)} noValidate>
      {field('words', 'Words', { type: 'text', hint: 'What shoppers search, like “zapper”.' })}
      {field('replacement', 'Replacement', {
        type: 'text',
        hint: 'What the words also mean, like “fence charger”: a search for the words finds it too.',
      })}
      <fieldset className="staff-form__group synonyms-form__schedule">
        <legend>When it applies</legend>
        <p className="staff-field__hint">Empty: from now on, for good. Times are this browser’s.</p>
        {field('startsAt', 'Starts', { type: 'datetime-local', optional: true })}
        {field('endsAt', 'Ends', { type: 'datetime-local', optional: true })}
      </fieldset>
      <p className="staff-field__hint">A saved rule is a draft: shoppers do not get it until it is published.</p>
      <div className="synonyms__buttons">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : rule ? 'Save the change as a draft' : 'Save as a draft'}
        </button>
        {rule && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="staff-error">
          {error}
        </p>
      )}
    </form>
  );
}
