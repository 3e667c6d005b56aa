import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { AutocompleteResult, ProductSuggestion, SuggestionLink } from '../shared/api/shell';
import { SUGGEST_TYPES, type SuggestType } from '../shared/tracking/codes';
import { trackEvent } from '../shared/tracking/hawk';
import { trackPopularSearch } from './analytics';
import { decodeEntities, hasSuggestions, htmlToText, noSuggestionsMessage } from './suggestions';
import './SearchSuggestions.css';

interface SearchSuggestionsProps {
  id: string;
  result: AutocompleteResult;
  /** What the shopper typed (tracked with a chosen suggestion). */
  keyword: string;
  /** A suggestion was chosen. */
  onClose: () => void;
  /** Escape: close and give focus back to the input. */
  onEscape: () => void;
  /** ArrowUp on the first link: focus the input. */
  onLeaveTop: () => void;
}

function links(root: HTMLElement): HTMLAnchorElement[] {
  return Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'));
}

/**
 * The AutoCompleteClick tracking event for a chosen suggestion: suggest_type
 * by kind (popular 1, brand and category 2, product 3), name (the
 * suggestion's plain text), keyword (what was typed) and url.
 */
function trackSuggestionClick(
  kind: SuggestType,
  name: string,
  keyword: string,
  url: string,
  event: MouseEvent<HTMLAnchorElement>,
): void {
  try {
    trackEvent('AutoCompleteClick', { suggest_type: SUGGEST_TYPES[kind], name, keyword, url }, event);
  } catch {
    // Tracking never stops the navigation.
  }
}

/**
 * The suggestions panel: popular searches, brands, categories and products.
 * ArrowDown / ArrowUp move focus among its links (ArrowUp from the first goes
 * back to the input); Escape closes it and returns focus to the input.
 */
export function SearchSuggestions({ id, result, keyword, onClose, onEscape, onLeaveTop }: SearchSuggestionsProps) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = links(event.currentTarget);
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[Math.min(index + 1, all.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) onLeaveTop();
      else all[index - 1]?.focus();
    } else if (event.key === 'Home' && index >= 0) {
      event.preventDefault();
      all[0]?.focus();
    } else if (event.key === 'End' && index >= 0) {
      event.preventDefault();
      all[all.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape();
    }
  }

  if (!hasSuggestions(result)) {
    // A keyword that matches nothing: say so rather than closing silently.
    return (
      <div id={id} className="search-suggestions search-suggestions--empty header-popup" onKeyDown={onKeyDown}>
        <p className="search-suggestions__empty" role="status">
          {noSuggestionsMessage(keyword)}
        </p>
      </div>
    );
  }

  return (
    <div id={id} className="search-suggestions header-popup" onKeyDown={onKeyDown}>
      <div className="search-suggestions__terms">
        <LinkGroup
          title="Popular Searches"
          items={result.popularSearches}
          kind="popular"
          keyword={keyword}
          onChoose={onClose}
          popular
        />
        {/* Brands have no autocomplete type of their own: they are tracked as categories. */}
        <LinkGroup title="Brands" items={result.brands} kind="category" keyword={keyword} onChoose={onClose} />
        <LinkGroup title="Categories" items={result.categories} kind="category" keyword={keyword} onChoose={onClose} />
      </div>
      {result.products.length > 0 && (
        <ProductGroup
          title={decodeEntities(result.productHeading) || 'Top Products'}
          items={result.products}
          keyword={keyword}
          onChoose={onClose}
        />
      )}
    </div>
  );
}

interface LinkGroupProps {
  title: string;
  items: SuggestionLink[];
  kind: SuggestType;
  keyword: string;
  onChoose: () => void;
  popular?: boolean;
}

function LinkGroup({ title, items, kind, keyword, onChoose, popular = false }: LinkGroupProps) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="search-suggestions__group">
      <p id={headingId} className="search-suggestions__heading">
        {title}
      </p>
      <ul className="search-suggestions__list" aria-labelledby={headingId}>
        {items.map((item) => (
          <li key={item.url}>
            <Link
              to={item.url}
              className="search-suggestions__link"
              onClick={(event) => {
                const text = htmlToText(item.html);
                trackSuggestionClick(kind, text, keyword, item.url, event);
                if (popular) trackPopularSearch(text, item.url);
                onChoose();
              }}
              // Server-escaped HTML with <strong> around the match (the API contract).
              dangerouslySetInnerHTML={{ __html: item.html }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ProductGroupProps {
  title: string;
  items: ProductSuggestion[];
  keyword: string;
  onChoose: () => void;
}

function ProductGroup({ title, items, keyword, onChoose }: ProductGroupProps) {
  const headingId = useId();
  return (
    <div className="search-suggestions__group search-suggestions__products">
      <p id={headingId} className="search-suggestions__heading">
        {title}
      </p>
      <ul className="search-suggestions__list" aria-labelledby={headingId}>
        {items.map((item) => (
          <li key={item.url}>
            <Link
              to={item.url}
              className="search-suggestions__product"
              onClick={(event) => {
                trackSuggestionClick('product', item.name, keyword, item.url, event);
                onChoose();
              }}
            >
              <Thumb src={item.thumbnail} />
              <span className="search-suggestions__product-name">{item.name}</span>{' '}
              <span className="search-suggestions__product-price">
                {item.price ?? 'See price in cart'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className="search-suggestions__thumb" aria-hidden="true" />;
  return (
    <img
      className="search-suggestions__thumb"
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
