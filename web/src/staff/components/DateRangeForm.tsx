import { useId, useState, type FormEvent } from 'react';
import { rangeProblem } from '../analytics/shape';

/**
 * The days a report covers: From and To (date fields) and Apply. Checked before it is applied
 * (both days, the end not before the start, at most 366 days), with what is wrong next to the
 * fields. Shows `since` and `until` as given: a page gives it a new `key` when they change
 * (the server's answer, Back), so what was typed and not applied is dropped then.
 */
export function DateRangeForm({
  since,
  until,
  onApply,
}: {
  since: string;
  until: string;
  onApply: (range: { since: string; until: string }) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(since);
  const [to, setTo] = useState(until);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (found === null) onApply({ since: from, until: to });
  }

  const describedBy = problem ? `${id}-problem` : undefined;
  return (
    <form className="staff-toolbar date-range" aria-label="Date range" onSubmit={onSubmit} noValidate>
      <div className="staff-field">
        <label htmlFor={`${id}-since`} className="staff-field__label">
          From
        </label>
        <input
          id={`${id}-since`}
          type="date"
          className="staff-input date-range__input"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          required
        />
      </div>
      <div className="staff-field">
        <label htmlFor={`${id}-until`} className="staff-field__label">
          To
        </label>
        <input
          id={`${id}-until`}
          type="date"
          className="staff-input date-range__input"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          required
        />
      </div>
      <button type="submit" className="button button--secondary">
        Apply
      </button>
      {problem && (
        <p id={`${id}-problem`} className="staff-field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
