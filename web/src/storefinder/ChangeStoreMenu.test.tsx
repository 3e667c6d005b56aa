import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../shared/api/reload';
import { useSession } from '../session';
import { STORE_CHANGED_EVENT, useStoreMenuStore } from './storeMenuStore';
import { useGenericErrorStore } from '../shared/ui/errors';
import ChangeStoreMenu from './ChangeStoreMenu';
import { StoreMenuHost } from './StoreMenuHost';
import { searchResult, storeFixture } from './testing';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const JANESVILLE = storeFixture(1, 'Janesville', {
  currentHours: { displayText: 'Closing soon at 8:00 PM', displayStyle: 'closing-soon' },
  localDeliveryInformation: { isEnabled: true, label: 'Same Day Delivery Available' },
});
const MILTON = storeFixture(2, 'Milton');
const EDGERTON = storeFixture(3, 'Edgerton', {
  currentHours: { displayText: 'Closed, opens at 7:00 AM', displayStyle: 'closed' },
});

type Answer = Response | (() => Response | Promise<Response>);
let answers: Record<string, Answer>;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function bodies(path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => urlOf(input) === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
}

function setCurrentStore(storeNum: number | null) {
  useSession.setState({
    status: 'success',
    localStore:
      storeNum === null
        ? null
        : { storeNum, city: 'Janesville', cityAlias: 'janesville', state: 'WI', urlAlias: 'janesville-wi' },
  });
}

function renderMenu(product?: { blainNumber: string; name?: string }) {
  return render(
    <MemoryRouter>
      <ChangeStoreMenu product={product ?? null} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  answers = {
    '/products/a/storestatus-json': Response.json(
      searchResult([{ store: MILTON }, { store: JANESVILLE }, { store: EDGERTON }]),
    ),
  };
  fetchMock.mockImplementation(async (input) => {
    const answer = answers[urlOf(input)];
    if (!answer) return new Response(null, { status: 204 });
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
  useStoreMenuStore.setState({ open: false, product: null });
  useGenericErrorStore.getState().dismiss();
  window.sessionStorage.clear();
  vi.mocked(reloadPage).mockClear();
  setCurrentStore(1);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('change-store menu: loading and list', () => {
  it('shows loading for at least 400 ms, then the current store first', async () => {
    vi.useFakeTimers();
    renderMenu();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    // The answer is in, but loading stays up to 400 ms.
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Finding stores…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(340);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Finding stores…');
    expect(screen.queryByRole('list', { name: 'Stores' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    vi.useRealTimers();

    const list = screen.getByRole('list', { name: 'Stores' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-store-num'))).toEqual(['1', '2', '3']);
    expect(within(cards[0]!).getByText('My Store')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('This is your store')).toBeInTheDocument();
    expect(within(cards[0]!).queryByRole('button', { name: 'Make This My Store' })).not.toBeInTheDocument();

    expect(bodies('/products/a/storestatus-json')).toEqual([
      { zip: null, exactPosition: null, storeNum: 1, mustIncludeLocalStore: true },
    ]);
  });

  it('shows distance, address, phone, styled current hours and toggles the hours', async () => {
    const user = userEvent.setup();
    renderMenu();
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('heading', { name: 'Janesville, WI' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Janesville, WI' })).toHaveAttribute('href', '/stores/janesville-wi');
    expect(card).toHaveTextContent('1.5 mi');
    expect(card).toHaveTextContent('100 Main St');
    expect(within(card).getByRole('link', { name: '(608) 752-9000' })).toHaveAttribute('href', 'tel:+16087529000');
    expect(within(card).getByText('Closing soon at 8:00 PM')).toHaveClass('store-status--closing-soon');
    expect(within(card).getByText('Same Day Delivery Available')).toBeInTheDocument();

    const toggle = within(card).getByRole('button', { name: 'Store Hours' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).queryByText('Monday')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText('Monday')).toBeVisible();
    expect(within(card).getByText('8:00 AM - 6:00 PM')).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks for a location when there is no store and nothing saved', async () => {
    setCurrentStore(null);
    renderMenu();
    expect(
      await screen.findByText('Enter a ZIP code or use your location to find stores near you.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('InvalidBlainNumber is reported and shows the generic failure', async () => {
    answers['/products/a/stockstatus-json'] = Response.json(searchResult([], 'InvalidBlainNumber'));
    renderMenu({ blainNumber: 'nope' });
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(bodies('/a/log/')).toHaveLength(1));
    expect(bodies('/a/log/')[0]).toMatchObject({ url: expect.any(String), error: expect.stringContaining('InvalidBlainNumber') });
    expect(String((bodies('/a/log/')[0] as { error: string }).error)).toContain('nope');
  });

  it('an unknown answer is reported and shows the generic failure', async () => {
    answers['/products/a/storestatus-json'] = Response.json(searchResult([], 'SomethingNew' as never));
    renderMenu();
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(bodies('/a/log/')).toHaveLength(1));
    expect((bodies('/a/log/')[0] as { error: string }).error).toContain('SomethingNew');
  });

  it('shows the generic failure when the search fails, and reports it', async () => {
    answers['/products/a/storestatus-json'] = new Response('x', { status: 500 });
    renderMenu();
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(bodies('/a/log/')).toHaveLength(1));
  });

  it('found stores are not reported', async () => {
    renderMenu();
    expect(await screen.findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(3);
    expect(bodies('/a/log/')).toEqual([]);
  });
});

describe('change-store menu: ZIP search', () => {
  it('validates the ZIP (5 digits) before searching', async () => {
    const user = userEvent.setup();
    renderMenu();
    await screen.findAllByRole('article');
    fetchMock.mockClear();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid ZIP code.');
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveFocus();

    await user.type(zip, '535a');
    expect(zip).toHaveValue('535');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid ZIP code.');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(zip, '456');
    expect(zip).toHaveValue('53545');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodies('/products/a/storestatus-json')).toEqual([
        { zip: '53545', exactPosition: null, storeNum: 1, mustIncludeLocalStore: true },
      ]),
    );
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it("shows the server's InvalidZip under the field", async () => {
    const user = userEvent.setup();
    renderMenu();
    await screen.findAllByRole('article');
    answers['/products/a/storestatus-json'] = Response.json(
      searchResult([], 'InvalidZip', 'Please enter a valid ZIP code.'),
    );
    await user.type(screen.getByLabelText('ZIP code'), '00000');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid ZIP code.');
  });

  it('NotFound: no stores within 200 miles', async () => {
    answers['/products/a/storestatus-json'] = Response.json(searchResult([], 'NotFound'));
    renderMenu();
    expect(
      await screen.findByText('No additional stores found within 200 miles of your location'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Stores' })).not.toBeInTheDocument();
  });

  it('NotFound with the in-stock-only switch: out of stock near you', async () => {
    const user = userEvent.setup();
    answers['/products/a/stockstatus-json'] = Response.json(
      searchResult([{ store: JANESVILLE, stockLabel: 'Out of stock', stockStatus: 'OutOfStock', inventory: { isStocked: true, storeOnHand: 0, ecomOnHand: 0 } }]),
    );
    renderMenu({ blainNumber: '8028056', name: 'Rope' });
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();

    answers['/products/a/stockstatus-json'] = Response.json(searchResult([], 'NotFound'));
    const toggle = screen.getByRole('switch', { name: 'In stock only' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText('This item is out of stock at stores near you.')).toBeInTheDocument();
    const requests = bodies('/products/a/stockstatus-json');
    expect(requests.at(-1)).toMatchObject({ blainNumber: '8028056', filterOnlyInStock: true, storeNum: 1 });
    expect(bodies('/products/a/storestatus-json')).toEqual([]);
  });

  it('InvalidCoordinates clears the saved location and shows the location error', async () => {
    window.sessionStorage.setItem(
      'storefront.storeSearchLocation',
      JSON.stringify({ position: { latitude: 999, longitude: 0 } }),
    );
    answers['/products/a/storestatus-json'] = Response.json(searchResult([], 'InvalidCoordinates'));
    renderMenu();
    expect(
      await screen.findByText('We are unable to retrieve your location. Please try again later.'),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem('storefront.storeSearchLocation')).toBeNull();
  });
});

describe('change-store menu: a rejected position', () => {
  it('after InvalidCoordinates the in-stock switch searches from the store, not the position', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem(
      'storefront.storeSearchLocation',
      JSON.stringify({ position: { latitude: 999, longitude: 0 } }),
    );
    answers['/products/a/stockstatus-json'] = Response.json(searchResult([], 'InvalidCoordinates'));
    renderMenu({ blainNumber: '8028056', name: 'Rope' });
    expect(
      await screen.findByText('We are unable to retrieve your location. Please try again later.'),
    ).toBeInTheDocument();
    expect(bodies('/products/a/stockstatus-json')[0]).toMatchObject({ exactPosition: { latitude: 999, longitude: 0 } });

    answers['/products/a/stockstatus-json'] = Response.json(searchResult([], 'NotFound'));
    await user.click(screen.getByRole('switch', { name: 'In stock only' }));
    expect(await screen.findByText('This item is out of stock at stores near you.')).toBeInTheDocument();
    expect(bodies('/products/a/stockstatus-json').at(-1)).toMatchObject({ exactPosition: null, storeNum: 1 });
  });
});

describe('change-store menu: my location', () => {
  function stubGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback, options?: PositionOptions) => void) {
    const getCurrentPosition = vi.fn(impl);
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    return getCurrentPosition;
  }

  it('searches from the position, with a 10 s timeout', async () => {
    const user = userEvent.setup();
    const geo = stubGeolocation((ok) =>
      ok({ coords: { latitude: 42.68, longitude: -89.02 } } as GeolocationPosition),
    );
    renderMenu();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Use My Location' }));
    await waitFor(() =>
      expect(bodies('/products/a/storestatus-json').at(-1)).toEqual({
        zip: null,
        exactPosition: { latitude: 42.68, longitude: -89.02 },
        storeNum: 1,
        mustIncludeLocalStore: true,
      }),
    );
    expect(geo.mock.calls[0]![2]).toMatchObject({ timeout: 10_000 });
  });

  it('denied: asks to enable location services', async () => {
    const user = userEvent.setup();
    stubGeolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    renderMenu();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Use My Location' }));
    expect(
      await screen.findByText(
        'We are unable to retrieve your location. Please enable location services in your browser settings and try again.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    ['timeout', 3],
    ['unavailable', 2],
  ])('%s: try again later', async (_name, code) => {
    const user = userEvent.setup();
    stubGeolocation((_ok, fail) => fail({ code, message: 'x' } as GeolocationPositionError));
    renderMenu();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Use My Location' }));
    const message = await screen.findByText(/try again later\.$/);
    expect(message).toHaveTextContent('We are unable to retrieve your location. Please try again later.');
  });
});

describe('make this my store', () => {
  it('sets the store, dispatches the cancelable store-changed event, then reloads', async () => {
    const user = userEvent.setup();
    answers['/stores/set-json/2'] = Response.json({ success: true });
    const seen: CustomEvent[] = [];
    const onChanged = (e: Event) => seen.push(e as CustomEvent);
    window.addEventListener(STORE_CHANGED_EVENT, onChanged);
    renderMenu();
    const milton = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(milton).getByRole('button', { name: 'Make This My Store' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input) === '/stores/set-json/2')).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.cancelable).toBe(true);
    expect(seen[0]!.detail).toEqual({ storeNum: 2 });
    expect(within(milton).getByRole('button', { name: 'Saving…' })).toBeInTheDocument();
    window.removeEventListener(STORE_CHANGED_EVENT, onChanged);
  });

  it('does not reload when a handler prevents the default; refreshes the header data', async () => {
    const user = userEvent.setup();
    answers['/stores/set-json/3'] = Response.json({ success: true });
    const refresh = vi.spyOn(useSession.getState(), 'refresh').mockResolvedValue();
    const prevent = (e: Event) => e.preventDefault();
    window.addEventListener(STORE_CHANGED_EVENT, prevent);
    renderMenu();
    const edgerton = (await screen.findAllByRole('article'))[2]!;
    await user.click(within(edgerton).getByRole('button', { name: 'Make This My Store' }));
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(reloadPage).not.toHaveBeenCalled();
    window.removeEventListener(STORE_CHANGED_EVENT, prevent);
  });

  it('opens the generic error modal when the store cannot be set', async () => {
    const user = userEvent.setup();
    answers['/stores/set-json/2'] = Response.json({ success: false });
    renderMenu();
    const milton = (await screen.findAllByRole('article'))[1]!;
    await user.click(within(milton).getByRole('button', { name: 'Make This My Store' }));
    await waitFor(() =>
      expect(useGenericErrorStore.getState().message).toBe('Something went wrong. Please try again later.'),
    );
    expect(reloadPage).not.toHaveBeenCalled();
    expect(within(milton).getByRole('button', { name: 'Make This My Store' })).toBeInTheDocument();
  });
});

describe('StoreMenuHost', () => {
  it('opens on storefront:open-store-menu; Escape closes and focus returns', async () => {
    render(
      <MemoryRouter>
        <button type="button">Change</button>
        <StoreMenuHost />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'Change' });
    opener.focus();
    act(() => {
      window.dispatchEvent(new CustomEvent('storefront:open-store-menu'));
    });
    const dialog = screen.getByRole('dialog', { name: 'Select a Store' });
    expect(dialog).toHaveFocus();
    expect(await within(dialog).findAllByRole('article', {}, { timeout: 5000 })).toHaveLength(3);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('passes a product from the event detail (stock and the switch)', async () => {
    answers['/products/a/stockstatus-json'] = Response.json(
      searchResult([{ store: JANESVILLE, stockLabel: 'In stock', stockStatus: 'InStock' }]),
    );
    render(
      <MemoryRouter>
        <StoreMenuHost />
      </MemoryRouter>,
    );
    act(() => {
      window.dispatchEvent(
        new CustomEvent('storefront:open-store-menu', { detail: { blainNumber: '8028056' } }),
      );
    });
    expect(await screen.findByText('In stock', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'In stock only' })).toBeInTheDocument();
  });
});
