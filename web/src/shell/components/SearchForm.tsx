import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AutocompleteResult } from '../../shared/api/shell';
import { SearchSuggestions } from '../../header/SearchSuggestions';
import {
  cutSearchValue,
  EMPTY_SEARCH_MESSAGE,
  getSuggestions,
  suggestionsPanel,
  SEARCH_MAX_LENGTH,
  suppressesSuggestions,
} from '../../header/suggestions';
import './SearchForm.css';

export const SEARCH_PATH = '/s/';
export const SEARCH_PARAM = 'keyword';
export { EMPTY_SEARCH_MESSAGE, SEARCH_MAX_LENGTH };

/** How long 'Please enter a search term.' stays when nothing else dismisses it. */
export const EMPTY_SEARCH_MESSAGE_MS = 5000;

/** URL of the search results page for `keyword`. */
export function searchUrl(keyword: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: keyword })}`;
}

/**
 * Site search with suggestions. Without JavaScript it is a plain GET form to
 * /s/?keyword=…; with it, navigation stays client-side.
 *
 * - Suggestions open on focus or ArrowDown and close on Escape, Enter key-up,
 *   an outside click or focus leaving; arrow keys move among their links.
 * - The value is at most 150 characters (longer pasted values are cut); a
 *   purely numeric value of 1 to 4 digits gets no suggestions.
 * - An empty search is blocked with 'Please enter a search term.' The
 *   message sits inside the empty search field (it covers no other control)
 *   and goes away on typing, after EMPTY_SEARCH_MESSAGE_MS, when focus
 *   leaves the field, or on Escape.
 */
export function SearchForm() {
  const inputId = useId();
  const errorId = useId();
  const panelId = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const currentKeyword = cutSearchValue(
    location.pathname === SEARCH_PATH ? (searchParams.get(SEARCH_PARAM) ?? '') : '',
  );

  const [value, setValue] = useState(currentKeyword);
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ value: string; data: AutocompleteResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The value whose suggestions were asked for last; older answers are dropped. */
  const wanted = useRef<string | null>(null);
  /** Set while focus is moved back to the input on purpose (no reopening). */
  const quietFocus = useRef(false);

  function focusInputQuietly() {
    quietFocus.current = true;
    input.current?.focus();
    quietFocus.current = false;
  }

  // A navigation shows the URL's keyword and closes the suggestions.
  useEffect(() => {
    setValue(currentKeyword);
    setOpen(false);
    setError(null);
    // The keyword comes from the location: it changes only with a navigation (a new key).
  }, [location.key, currentKeyword]);

  function request(next: string) {
    if (suppressesSuggestions(next)) {
      wanted.current = null;
      setResult(null);
      return;
    }
    const key = next.trim();
    wanted.current = key;
    getSuggestions(key).then(
      (data) => {
        if (wanted.current === key) setResult({ value: key, data });
      },
      () => {
        if (wanted.current === key) setResult(null);
      },
    );
  }

  function openSuggestions(current = value) {
    setOpen(true);
    request(current);
  }

  function close() {
    setOpen(false);
  }

  // The empty-search message goes away on its own after a while.
  useEffect(() => {
    if (!error) return;
    const timer = window.setTimeout(() => setError(null), EMPTY_SEARCH_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

  // Outside click and focus leaving close the suggestions.
  useEffect(() => {
    if (!open) return;
    const root = form.current;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root?.contains(event.target)) setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !root?.contains(event.relatedTarget)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = cutSearchValue(event.target.value);
    setValue(next);
    if (error && next.trim()) setError(null);
    openSuggestions(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      const first = document.getElementById(panelId)?.querySelector<HTMLElement>('a[href]');
      if (open && first) first.focus();
      else openSuggestions();
    } else if (event.key === 'Escape' && (open || error)) {
      // Keep the text: the browser would clear a search field on Escape.
      event.preventDefault();
      close();
      setError(null);
    }
  }

  function handleKeyUp(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') close();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyword = cutSearchValue(value).trim();
    if (!keyword) {
      setError(EMPTY_SEARCH_MESSAGE);
      close();
      focusInputQuietly();
      return;
    }
    setError(null);
    close();
    void navigate(searchUrl(keyword));
  }

  // The panel: suggestions, a 'No suggestions for …' line for a keyword that matches
  // nothing, or closed.
  const panel = suggestionsPanel(open, value, result);
  const shown = panel !== 'closed' && result !== null;

  return (
    <form
      ref={form}
      className="search-form"
      role="search"
      action={SEARCH_PATH}
      method="get"
      onSubmit={handleSubmit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <div className="search-form__field">
        <input
          ref={input}
          id={inputId}
          className="search-form__input"
          type="search"
          name={SEARCH_PARAM}
          value={value}
          onChange={handleChange}
          onFocus={() => {
            if (!quietFocus.current) openSuggestions();
          }}
          onBlur={() => setError(null)}
          onKeyDown={handleKeyDown}
          onKeyUp={handleKeyUp}
          placeholder="Search farm, home & auto"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-controls={shown ? panelId : undefined}
        />
        {error && (
          // Over the empty field only; clicks go through to it.
          <p id={errorId} className="search-form__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="search-form__button">
        <svg
          className="search-form__icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.41-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
          />
        </svg>
        <span className="search-form__button-label">Search</span>
      </button>
      {shown && (
        <SearchSuggestions
          id={panelId}
          result={result.data}
          keyword={value}
          onClose={close}
          onEscape={() => {
            close();
            focusInputQuietly();
          }}
          onLeaveTop={() => input.current?.focus()}
        />
      )}
      <p className="visually-hidden" aria-live="polite">
        {panel === 'suggestions' ? 'Suggestions available. Use the down arrow key to browse them.' : ''}
      </p>
    </form>
  );
}
