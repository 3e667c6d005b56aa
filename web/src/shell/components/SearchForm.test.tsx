import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackPopularSearch, POPULAR_SEARCH_EVENT_DELAY_MS } from '../../header/analytics';
import { resetSuggestionCache } from '../../header/suggestions';
import { fetchedUrls, mockApi, renderInRouter } from '../../header/testing';
import { resetTracking } from '../../shared/tracking/hawk';
import { hawkRequests, recordHawkRequests } from '../../shared/tracking/testing';
import {
  EMPTY_SEARCH_MESSAGE,
  EMPTY_SEARCH_MESSAGE_MS,
  SEARCH_MAX_LENGTH,
  SearchForm,
  searchUrl,
} from './SearchForm';

const POPULAR = {
  brands: [],
  categories: [],
  popularSearches: [
    { url: '/s/?keyword=chicken+feed', html: 'chicken feed' },
    { url: '/s/?keyword=dog+food', html: 'dog food' },
  ],
  products: [],
  productHeading: '',
  count: 0,
};

const RO = {
  brands: [{ url: '/s/?keyword=ro&brand=Rotary', html: '<strong>Ro</strong>tary' }],
  categories: [{ url: '/hardware/rope/', html: '<strong>Ro</strong>pe &amp; Cord' }],
  popularSearches: [],
  products: [
    {
      name: "Rocky Men's Hiking Shoes & <Socks>",
      vendorBrand: 'Rocky',
      url: '/product/3989366/rocky/',
      thumbnail: '/images/products/3989366_1.svg',
      price: '$89.99',
    },
  ],
  productHeading: 'Top Products for “ro”',
  count: 3,
};

function autocomplete(url: URL): Response {
  const keyword = url.searchParams.get('keyword') ?? '';
  if (keyword === '') return Response.json(POPULAR);
  if (keyword === 'zzqx') return Response.json({ brands: [], categories: [], popularSearches: [], products: [], count: 0 });
  if (/^\d+$/.test(keyword)) return Response.json({ ...RO, productHeading: `Top Products for “${keyword}”` });
  return Response.json(RO);
}

let fetchMock: ReturnType<typeof mockApi>;

beforeEach(() => {
  resetSuggestionCache();
  fetchMock = mockApi({ '/s/a/autocomplete': autocomplete });
});

afterEach(() => {
  delete window.dataLayer;
});

function setup(path = '/') {
  const user = userEvent.setup();
  const result = renderInRouter(<SearchForm />, path);
  const input = screen.getByRole('searchbox', { name: 'Search products' });
  return { user, input, ...result };
}

function autocompleteCalls(): string[] {
  return fetchedUrls(fetchMock).filter((u) => u.startsWith('/s/a/autocomplete'));
}

describe('SearchForm', () => {
  it('is a labelled GET search form to /s/ with a keyword field', () => {
    const { input } = setup();

    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/s/');
    expect(form).toHaveAttribute('method', 'get');
    expect(input).toHaveAttribute('name', 'keyword');
    expect(input).toHaveAttribute('maxLength', String(SEARCH_MAX_LENGTH));
  });

  it('navigates to /s/?keyword=… on submit', async () => {
    const { user, input, router } = setup();

    await user.type(input, 'rope');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe('/s/');
      expect(router.state.location.search).toBe('?keyword=rope');
    });
  });

  it('trims the keyword and encodes it like a GET form', async () => {
    const { user, input, router } = setup();

    await user.type(input, '  hay & feed {Enter}');

    await vi.waitFor(() => expect(router.state.location.search).toBe('?keyword=hay+%26+feed'));
  });

  it.each(['', '   '])('blocks an empty search (%j) with a message', async (text) => {
    const { user, input, router } = setup();

    if (text) await user.type(input, text);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMPTY_SEARCH_MESSAGE);
    expect(EMPTY_SEARCH_MESSAGE).toBe('Please enter a search term.');
    expect(input).toHaveAccessibleDescription(EMPTY_SEARCH_MESSAGE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(input).toHaveFocus();

    // Typing a term clears the message.
    await user.type(input, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the empty-search message inside the search field, covering no other control', async () => {
    const { user, input } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const alert = screen.getByRole('alert');
    // It shares the field's box with the input alone (no button, link or list in it).
    const field = alert.parentElement!;
    expect(field).toContainElement(input);
    expect(Array.from(field.children)).toEqual([input, alert]);
    expect(within(field).queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes the empty-search message away on its own after a while', async () => {
    const { input } = setup();
    vi.useFakeTimers();
    try {
      fireEvent.submit(screen.getByRole('search'));
      expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_SEARCH_MESSAGE);
      expect(input).toHaveFocus();
      act(() => void vi.advanceTimersByTime(EMPTY_SEARCH_MESSAGE_MS - 1));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(input).not.toHaveAccessibleDescription();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the empty-search message away on Escape, keeping focus in the field', async () => {
    const { user, input } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('takes the empty-search message away when focus leaves the field', async () => {
    const { user, input } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Searching empty again shows it again.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_SEARCH_MESSAGE);
  });

  it('shows the current keyword on the search page', async () => {
    setup('/s/?keyword=baler+twine');

    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('baler twine');
  });

  it('builds search URLs', () => {
    expect(searchUrl('rope')).toBe('/s/?keyword=rope');
  });
});

describe('search suggestions', () => {
  it('open on focus with the popular searches', async () => {
    const { user, input } = setup();

    await user.click(input);

    const list = await screen.findByRole('list', { name: 'Popular Searches' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/s/?keyword=chicken+feed',
      '/s/?keyword=dog+food',
    ]);
    expect(autocompleteCalls()).toEqual(['/s/a/autocomplete?keyword=']);
  });

  it('show brands, categories (server HTML) and products for a keyword', async () => {
    const { user, input } = setup();

    await user.type(input, 'ro');

    const brands = await screen.findByRole('list', { name: 'Brands' });
    const rotary = within(brands).getByRole('link', { name: 'Rotary' });
    expect(rotary.querySelector('strong')).toHaveTextContent('Ro');
    expect(within(screen.getByRole('list', { name: 'Categories' })).getByRole('link')).toHaveTextContent(
      'Rope & Cord',
    );
    const products = screen.getByRole('list', { name: 'Top Products for “ro”' });
    // Product names are text (rendered as text, never as HTML), with the price beside them.
    const link = within(products).getByRole('link', { name: "Rocky Men's Hiking Shoes & <Socks> $89.99" });
    expect(link).toHaveAttribute('href', '/product/3989366/rocky/');
  });

  it('say so when a keyword matches nothing, rather than closing silently', async () => {
    const { user, input } = setup();
    await user.type(input, 'zzqx');
    expect(await screen.findByRole('status')).toHaveTextContent('No suggestions for “zzqx”');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/No suggestions/)).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('move focus with the arrow keys and close on Escape, back in the input', async () => {
    const { user, input } = setup();
    await user.type(input, 'ro');
    await screen.findByRole('list', { name: 'Brands' });

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Rotary' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Rope & Cord' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Rotary' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('list', { name: 'Brands' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('ro');
  });

  it('open again with ArrowDown after Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'ro');
    await screen.findByRole('list', { name: 'Brands' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Brands' })).not.toBeInTheDocument();
    expect(input).toHaveValue('ro');

    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('list', { name: 'Brands' })).toBeInTheDocument();
  });

  it('close on Enter key-up', async () => {
    const { user, input } = setup();
    await user.click(input);
    await screen.findByRole('list', { name: 'Popular Searches' });

    fireEvent.keyUp(input, { key: 'Enter' });

    expect(screen.queryByRole('list', { name: 'Popular Searches' })).not.toBeInTheDocument();
  });

  it('close on an outside click and when focus leaves', async () => {
    const { user, input } = setup();
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    document.body.append(outside);

    await user.click(input);
    await screen.findByRole('list', { name: 'Popular Searches' });
    await user.click(document.body);
    expect(screen.queryByRole('list', { name: 'Popular Searches' })).not.toBeInTheDocument();

    await user.click(input);
    await screen.findByRole('list', { name: 'Popular Searches' });
    act(() => outside.focus());
    expect(screen.queryByRole('list', { name: 'Popular Searches' })).not.toBeInTheDocument();
    outside.remove();
  });

  it.each(['7', '12', '123', '1234'])('give none for a 1–4 digit value (%s)', async (digits) => {
    const { user, input } = setup();

    await user.type(input, digits);
    await new Promise((r) => setTimeout(r, 30));

    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(autocompleteCalls().filter((u) => /keyword=\d/.test(u))).toEqual([]);
  });

  it('come back for 5 digits', async () => {
    const { user, input } = setup();

    await user.type(input, '12345');

    expect(await screen.findByRole('list', { name: 'Top Products for “12345”' })).toBeInTheDocument();
  });

  it('cut a longer pasted value to 150 characters', async () => {
    const { user, input } = setup();
    await user.click(input);

    await user.paste('a'.repeat(200));
    expect((input as HTMLInputElement).value).toHaveLength(150);

    // Even when the browser's maxlength is bypassed.
    fireEvent.change(input, { target: { value: 'b'.repeat(180) } });
    expect((input as HTMLInputElement).value).toBe('b'.repeat(150));
  });

  it('cache the empty-keyword result and reuse the last keyword result', async () => {
    const { user, input } = setup();

    await user.click(input);
    await screen.findByRole('list', { name: 'Popular Searches' });
    await user.type(input, 'ro');
    await screen.findByRole('list', { name: 'Brands' });
    await user.clear(input);
    await screen.findByRole('list', { name: 'Popular Searches' });
    await user.type(input, 'ro');
    await screen.findByRole('list', { name: 'Brands' });

    expect(autocompleteCalls()).toEqual([
      '/s/a/autocomplete?keyword=',
      '/s/a/autocomplete?keyword=r',
      '/s/a/autocomplete?keyword=ro',
      '/s/a/autocomplete?keyword=r',
      '/s/a/autocomplete?keyword=ro',
    ]);
    // Focusing again with the same keyword asks nothing new.
    await user.click(document.body);
    await user.click(input);
    await screen.findByRole('list', { name: 'Brands' });
    expect(autocompleteCalls()).toHaveLength(5);
  });

  it('navigate when a suggestion is chosen and close', async () => {
    const { user, input, router } = setup();
    await user.click(input);

    await user.click(await screen.findByRole('link', { name: 'dog food' }));

    await vi.waitFor(() => expect(router.state.location.search).toBe('?keyword=dog+food'));
    expect(screen.queryByRole('list', { name: 'Popular Searches' })).not.toBeInTheDocument();
    expect(input).toHaveValue('dog food');
  });
});

describe('AutoCompleteClick tracking', () => {
  beforeEach(() => {
    resetTracking();
  });

  it('tracks a chosen popular search: suggest_type 1, its text, what was typed', async () => {
    const images = recordHawkRequests();
    const { user, input } = setup();
    await user.click(input);
    const link = await screen.findByRole('link', { name: 'dog food' });
    expect(images).toHaveLength(0);
    await user.click(link);

    const requests = hawkRequests(images);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.et).toBe(11);
    expect(requests[0]!.event).toMatchObject({
      event: 'AutoCompleteClick',
      version: 'v2',
      suggest_type: 1,
      name: 'dog food',
      keyword: '',
      url: '/s/?keyword=dog+food',
      element_tag: 'a',
      element_text: 'dog food',
    });
    expect(requests[0]!.event).toHaveProperty('mouse_x');
    expect(requests[0]!.event).toHaveProperty('browser');
  });

  it('brands and categories are type 2, products type 3 (plain text names)', async () => {
    const images = recordHawkRequests();
    const { user, input } = setup();
    await user.type(input, 'ro');
    await user.click(await screen.findByRole('link', { name: 'Rope & Cord' }));
    await user.clear(input);
    await user.type(input, 'ro');
    await user.click(await screen.findByRole('link', { name: 'Rotary' }));
    await user.clear(input);
    await user.type(input, 'ro');
    await user.click(await screen.findByRole('link', { name: /Rocky Men's Hiking Shoes/ }));

    expect(hawkRequests(images).map((r) => [r.et, r.event.suggest_type, r.event.name, r.event.keyword, r.event.url])).toEqual([
      [11, 2, 'Rope & Cord', 'ro', '/hardware/rope/'],
      [11, 2, 'Rotary', 'ro', '/s/?keyword=ro&brand=Rotary'],
      [11, 3, "Rocky Men's Hiking Shoes & <Socks>", 'ro', '/product/3989366/rocky/'],
    ]);
  });

  it('keyboard choice (Enter on a suggestion) is tracked too', async () => {
    const images = recordHawkRequests();
    const { user, input } = setup();
    await user.type(input, 'ro');
    await screen.findByRole('list', { name: 'Brands' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(hawkRequests(images).map((r) => r.event.name)).toEqual(['Rotary']);
  });
});

describe('popular-search analytics', () => {
  it('pushes the event 1500 ms after a popular search is chosen', () => {
    vi.useFakeTimers();
    try {
      window.dataLayer = [];
      trackPopularSearch('dog food', '/s/?keyword=dog+food');
      vi.advanceTimersByTime(POPULAR_SEARCH_EVENT_DELAY_MS - 1);
      expect(window.dataLayer).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(window.dataLayer).toEqual([
        { event: 'popular_search', search_term: 'dog food', link_url: '/s/?keyword=dog+food' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing without a dataLayer', () => {
    vi.useFakeTimers();
    try {
      trackPopularSearch('dog food', '/s/?keyword=dog+food');
      expect(() => vi.advanceTimersByTime(POPULAR_SEARCH_EVENT_DELAY_MS)).not.toThrow();
      expect(window.dataLayer).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
