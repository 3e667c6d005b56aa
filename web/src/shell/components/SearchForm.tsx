import { useId, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import './SearchForm.css';

export const SEARCH_PATH = '/s/';
export const SEARCH_PARAM = 'keyword';

/** URL of the search results page for `keyword`. */
export function searchUrl(keyword: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: keyword })}`;
}

/**
 * Site search. Without JavaScript it is a plain GET form to /s/?keyword=…;
 * with it, navigation stays client-side and an empty search does nothing.
 */
export function SearchForm() {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const currentKeyword = pathname === SEARCH_PATH ? (searchParams.get(SEARCH_PARAM) ?? '') : '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get(SEARCH_PARAM) ?? '').trim();
    if (!keyword) {
      inputRef.current?.focus();
      return;
    }
    navigate(searchUrl(keyword));
  }

  return (
    <form
      className="search-form"
      role="search"
      action={SEARCH_PATH}
      method="get"
      onSubmit={handleSubmit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        // Re-mount when the URL's keyword changes so the field shows it.
        key={currentKeyword}
        ref={inputRef}
        id={inputId}
        className="search-form__input"
        type="search"
        name={SEARCH_PARAM}
        defaultValue={currentKeyword}
        placeholder="Search farm, home & auto"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
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
    </form>
  );
}
