import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SearchAnswer } from '../../shared/api/search';
import {
  fetchPreview,
  PREVIEW_SIZE,
  type PreviewAnswer,
  type PreviewQuery,
  type PreviewRules,
  type SynonymVersion,
} from '../api/synonyms';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { formatCount, formatDate } from '../format';

/** The select's value of a choice: 'now', 'draft', 'v3'. */
function choiceValue(rules: PreviewRules): string {
  return typeof rules === 'number' ? `v${rules}` : rules;
}

function choiceOf(value: string): PreviewRules {
  if (value === 'now' || value === 'draft') return value;
  const n = Number(value.slice(1));
  return Number.isInteger(n) && n > 0 ? n : 'draft';
}

/** 'Dec 24, 2026' of a `YYYY-MM-DD` day. */
function dayText(day: string): string {
  return formatDate(`${day}T12:00:00`);
}

/** A preview's heading: 'With drafts', 'Version 3', 'Published rules'; with its day: ', on Dec 24, 2026'. */
function sideTitle(query: PreviewQuery): string {
  const rules = query.rules === 'draft' ? 'With drafts' : query.rules === 'now' ? 'Published rules' : `Version ${query.rules}`;
  return query.day ? `${rules}, on ${dayText(query.day)}` : rules;
}

/** The same in a sentence: 'with drafts', 'with version 3', 'with the published rules on Dec 24, 2026'. */
function sidePhrase(query: PreviewQuery): string {
  const rules =
    query.rules === 'draft' ? 'with drafts' : query.rules === 'now' ? 'with the published rules' : `with version ${query.rules}`;
  return query.day ? `${rules} on ${dayText(query.day)}` : rules;
}

function keyOf(query: PreviewQuery): string {
  return JSON.stringify(query);
}

/** Whether the chosen preview is the shoppers' search itself (then it is shown alone). */
function isShoppersNow(query: PreviewQuery): boolean {
  return query.rules === 'now' && query.day === null;
}

interface Loaded {
  key: string;
  revision: number;
  attempt: number;
  shoppers: PreviewAnswer | null;
  chosen: PreviewAnswer | null;
  error: string | null;
}

function count(answer: SearchAnswer | null): string {
  const total = answer?.total ?? 0;
  return total === 0 ? 'No results' : `${formatCount(total)} ${total === 1 ? 'result' : 'results'}`;
}

/**
 * Preview a search: a keyword, what to search it with — "Shoppers now" (the published rules),
 * "With drafts" (`prv=draft`) or a version of the history (`prv=N`) — and an optional day
 * (`HawkDate`: the scheduled rules as of that day). The total and the first products of the
 * preview are shown beside the shoppers' search now, so a draft's effect is seen before it is
 * published. Read again when the rules change (`revision`).
 */
export function PreviewPanel({
  versions,
  initialKeyword,
  revision,
  onSignedOut,
}: {
  versions: readonly SynonymVersion[];
  initialKeyword: string;
  revision: number;
  onSignedOut: () => void;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState(initialKeyword);
  const [choice, setChoice] = useState('draft');
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<PreviewQuery | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const askedKey = asked ? keyOf(asked) : null;

  // `asked` is a new object only for a new search (the same one again is a new `attempt`).
  useEffect(() => {
    if (asked === null) return;
    const key = keyOf(asked);
    const controller = new AbortController();
    const shoppersQuery: PreviewQuery = { keyword: asked.keyword, rules: 'now', day: null };
    const alone = isShoppersNow(asked);
    Promise.all([
      fetchPreview(shoppersQuery, controller.signal),
      alone ? Promise.resolve(null) : fetchPreview(asked, controller.signal),
    ]).then(
      ([shoppers, chosen]) => {
        if (!controller.signal.aborted) setLoaded({ key, revision, attempt, shoppers, chosen, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) onSignedOut();
        setLoaded((previous) => ({
          key,
          revision,
          attempt,
          shoppers: previous?.key === key ? previous.shoppers : null,
          chosen: previous?.key === key ? previous.chosen : null,
          error: staffErrorMessage(failure),
        }));
      },
    );
    return () => controller.abort();
  }, [asked, revision, attempt, onSignedOut]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = keyword.trim();
    if (text === '') {
      setProblem('Enter a keyword to preview.');
      return;
    }
    setProblem(null);
    const next: PreviewQuery = { keyword: text, rules: choiceOf(choice), day: day || null };
    if (askedKey === keyOf(next)) setAttempt((n) => n + 1);
    else setAsked(next);
  }

  const shown = loaded !== null && loaded.key === askedKey ? loaded : null;
  const current = shown !== null && shown.revision === revision && shown.attempt === attempt;
  const loading = asked !== null && !current;
  const newest = versions[0]?.version ?? null;

  let summary = '';
  if (asked && current && !shown.error && shown.shoppers) {
    const shoppers = `${count(shown.shoppers.answer)} for shoppers now`;
    summary = isShoppersNow(asked)
      ? `“${asked.keyword}”: ${shoppers}.`
      : `“${asked.keyword}”: ${count(shown.chosen?.answer ?? null)} ${sidePhrase(asked)}; ${shoppers.toLowerCase()}.`;
  }

  return (
    <section className="synonyms__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="synonyms__heading">
        Preview a search
      </h2>
      <form className="staff-toolbar synonyms-preview__form" aria-label="Preview a search" onSubmit={onSubmit} noValidate>
        <div className="staff-field synonyms-preview__keyword">
          <label htmlFor={`${id}-keyword`} className="staff-field__label">
            Keyword
          </label>
          <input
            id={`${id}-keyword`}
            type="search"
            className="staff-input"
            value={keyword}
            maxLength={150}
            autoComplete="off"
            onChange={(e) => setKeyword(e.currentTarget.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-rules`} className="staff-field__label">
            Search with
          </label>
          <select id={`${id}-rules`} className="staff-select" value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
            <option value="now">Shoppers now</option>
            <option value="draft">With drafts</option>
            {versions.map((v) => (
              <option key={v.version} value={choiceValue(v.version)}>
                Version {v.version}
                {v.version === newest ? ' (published)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-day`} className="staff-field__label">
            On the day <span className="staff-field__required">(optional)</span>
          </label>
          <input
            id={`${id}-day`}
            type="date"
            className="staff-input synonyms-preview__day"
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="button">
          Preview
        </button>
        {problem && (
          <p id={`${id}-problem`} className="staff-field__error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <p className="staff-field__hint">
        A day applies the rules scheduled for it, as of its start (UTC). The first {PREVIEW_SIZE} products of each
        search are listed.
      </p>

      <p role="status" className="staff-status">
        {loading ? 'Searching…' : summary}
      </p>
      {shown?.error && current && (
        <div role="alert" className="staff-error">
          <p>{shown.error}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {asked && shown?.shoppers && (
        <div className="synonyms-preview" aria-busy={loading || undefined}>
          {!isShoppersNow(asked) && (
            <PreviewSide
              title={sideTitle(asked)}
              result={shown.chosen}
              asked={asked}
              compareWith={shown.shoppers.answer}
            />
          )}
          <PreviewSide title="Shoppers now" result={shown.shoppers} asked={null} compareWith={null} />
        </div>
      )}
    </section>
  );
}

/** One side of the preview: its total and first products. */
function PreviewSide({
  title,
  result,
  asked,
  compareWith,
}: {
  title: string;
  result: PreviewAnswer | null;
  /** The preview asked for (null for the shoppers' side). */
  asked: PreviewQuery | null;
  /** The shoppers' answer, to mark what the preview adds. */
  compareWith: SearchAnswer | null;
}) {
  const id = useId();
  const answer = result?.answer ?? null;
  const items = answer?.items ?? [];
  const theirs = new Set((compareWith?.items ?? []).map((i) => i.blainNumber));
  const preview = result?.preview ?? null;
  return (
    <section className="synonyms-preview__side" aria-labelledby={id}>
      <h3 id={id} className="synonyms-preview__title">
        {title}
      </h3>
      <p className="synonyms-preview__count">
        {items.length === 0 ? `${count(answer)}.` : `${count(answer)}; the first ${items.length}:`}
      </p>
      {asked && preview && (
        <p className="staff-field__hint">
          Searched with version {preview.synonymsVersion}
          {preview.drafts ? ' and the drafts' : ''}
          {preview.at ? `, as of ${asked.day ? dayText(asked.day) : formatDate(preview.at)}` : ''}.
        </p>
      )}
      {asked && result && !preview && (
        <p className="staff-error">This search was not previewed: it is what shoppers get.</p>
      )}
      {answer?.redirect && (
        <p>
          Shoppers who search this are sent to <code>{answer.redirect}</code>.
        </p>
      )}
      {items.length > 0 && (
        <ol className="synonyms-preview__list">
          {items.map((item) => (
            <li key={item.blainNumber} className="synonyms-preview__item">
              <a href={item.url}>{item.name}</a>
              <span className="synonyms-preview__meta">
                #{item.blainNumber}
                {asked && compareWith && !theirs.has(item.blainNumber) && (
                  <strong className="synonyms-preview__new"> · Not in shoppers’ first {PREVIEW_SIZE}</strong>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
