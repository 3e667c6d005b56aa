import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MERCH_TOKEN_KEY } from '../components/MerchTools';
import { mockStaffApi, refusal, resetStaff, TEST_TOKEN, type Call } from '../testing';
import { boardQueryString, PinBoardPage, readBoardQuery } from './PinBoardPage';

configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();
let searchAnswer: (url: string) => Response;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function product(n: number, extra: Record<string, unknown> = {}) {
  return {
    blainNumber: String(1000 + n),
    name: `Product ${n}`,
    vendorBrand: 'Koch',
    url: `/product/${1000 + n}/product-${n}/`,
    thumbnail: `/images/products/${1000 + n}_1.jpg`,
    priceCents: 1000 + n * 100,
    price: `$${(10 + n).toFixed(2)}`,
    pinned: false,
    storeOnHand: null,
    ...extra,
  };
}

function answer(extra: Record<string, unknown> = {}) {
  return {
    keyword: 'rope',
    landing: null,
    total: 150,
    pg: 1,
    mpp: 60,
    pageCount: 3,
    sort: 'relevance',
    items: [1, 2, 3].map((n) => product(n)),
    facets: [],
    applied: [],
    query: 'keyword=rope',
    queryId: 'qid-1',
    ...extra,
  };
}

function searchCalls(): string[] {
  return fetchMock.mock.calls.map(([i]) => urlOf(i)).filter((u) => u.startsWith('/api/search'));
}

function merchCall(action: string) {
  const call = fetchMock.mock.calls.find(([i]) => urlOf(i) === `/api/staff/merch/${action}`);
  if (!call) throw new Error(`no ${action} call`);
  return {
    headers: call[1]!.headers as Record<string, string>,
    body: JSON.parse(String(call[1]!.body)) as Record<string, unknown>,
  };
}

async function enterToken(token = 'staff-token') {
  await userEvent.type(screen.getByLabelText('Merchandiser token'), token);
  await userEvent.click(screen.getByRole('button', { name: 'Use token' }));
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<PinBoardPage />);
}

beforeEach(() => {
  sessionStorage.removeItem(MERCH_TOKEN_KEY);
  fetchMock.mockReset();
  searchAnswer = () => Response.json(answer());
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/search')) return searchAnswer(url);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  sessionStorage.removeItem(MERCH_TOKEN_KEY);
  window.history.replaceState(null, '', '/');
});

describe('the board query', () => {
  it('reads and writes the keyword, the landing page and the hawk ids', () => {
    const query = readBoardQuery('?keyword=rope+%26+chain&hawkb=B&lp=&other=1');
    expect(query).toEqual({ keyword: 'rope & chain', lp: null, hawkb: 'B', hawkaid: null, hawkp: null });
    expect(boardQueryString(query)).toBe('keyword=rope%20%26%20chain&hawkb=B');
    expect(boardQueryString(readBoardQuery('?lp=11'))).toBe('lp=11');
  });
});

describe('the pins page', () => {
  it('merchandisers pin with a staff token', async () => {
    open('/staff.html?keyword=rope');
    expect(await screen.findByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/product/1001/product-1/');
    expect(searchCalls()).toEqual(['/api/search?keyword=rope']);
    expect(document.title).toBe('Pins: rope | Storefront staff');
    expect(screen.queryByRole('button', { name: 'Pin to top Product 1' })).not.toBeInTheDocument();

    await enterToken();
    expect(sessionStorage.getItem(MERCH_TOKEN_KEY)).toBe('staff-token');
    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1002'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 2' }));
    expect(await screen.findByText('Saved. 1 item is pinned.')).toBeInTheDocument();
    const call = merchCall('AddItemToTop');
    expect(call.headers.Authorization).toBe('Bearer staff-token');
    expect(call.body).toMatchObject({ itemId: '1002', keyword: 'rope', lp: null });
    expect(window.location.search).toBe('?keyword=rope');
    // The results again, with the new pins.
    await waitFor(() => expect(searchCalls()).toEqual(['/api/search?keyword=rope', '/api/search?keyword=rope']));
  });

  it('unpins and moves the pinned results, in the order shown', async () => {
    searchAnswer = () =>
      Response.json(
        answer({
          items: [product(1, { pinned: true }), product(2, { pinned: true }), product(3, { pinned: true }), product(4)],
        }),
      );
    sessionStorage.setItem(MERCH_TOKEN_KEY, 'staff-token');
    open('/staff.html?keyword=rope&hawkb=B');
    const first = (await screen.findByRole('link', { name: 'Product 1' })).closest('li')!;
    expect(within(first).getByText(/Pinned/)).toBeInTheDocument();
    expect(screen.getByText('The first 4 of 150 results; 3 pinned.')).toBeInTheDocument();
    // The first pin can't move up, the last can't move down; an unpinned result can be pinned.
    expect(screen.queryByRole('button', { name: 'Move up Product 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move down Product 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin to top Product 4' })).toBeEnabled();

    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1002', '1001', '1003'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Move down Product 1' }));
    expect(await screen.findByText('Saved. 3 items are pinned.')).toBeInTheDocument();
    expect(merchCall('UpdateItemPinOrder').body).toEqual({
      keyword: 'rope',
      lp: null,
      hawkb: 'B',
      hawkaid: null,
      hawkp: null,
      itemList: ['1002', '1001', '1003'],
    });

    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1001', '1002'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Unpin Product 3' }));
    expect(await screen.findByText('Saved. 2 items are pinned.')).toBeInTheDocument();
    expect(merchCall('UnpinItem').body).toMatchObject({ itemId: '1003', keyword: 'rope' });
  });

  it('a token the server refuses says so; the token can be forgotten', async () => {
    open('/staff.html?keyword=rope');
    await screen.findByRole('link', { name: 'Product 1' });
    await enterToken('wrong');
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ success: false, code: 'Unauthorized', message: 'No.' }, { status: 401 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 1' }));
    expect(await screen.findByText('This merchandiser token is not valid.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forget the token' }));
    expect(sessionStorage.getItem(MERCH_TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pin to top Product 1' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Merchandiser token')).toBeInTheDocument();
  });

  it('a landing page’s board: pins carry its department id', async () => {
    searchAnswer = () =>
      Response.json(answer({ keyword: null, landing: { id: 11, name: 'Hardware', url: '/hardware/' } }));
    sessionStorage.setItem(MERCH_TOKEN_KEY, 'staff-token');
    open('/staff.html?lp=/hardware/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for Hardware' })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/search?lp=%2Fhardware%2F']);
    expect(screen.getByRole('link', { name: 'See the shoppers’ page' })).toHaveAttribute('href', '/hardware/');
    fetchMock.mockImplementationOnce(async () => Response.json({ success: true, pins: ['1001'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 1' }));
    await screen.findByText('Saved. 1 item is pinned.');
    expect(merchCall('AddItemToTop').body).toMatchObject({ itemId: '1001', keyword: null, lp: '11' });
  });

  it('a keyword typed in shows its board; Back shows the one before', async () => {
    open('/staff.html');
    expect(screen.getByText('Enter a keyword to see its results and pins.')).toBeInTheDocument();
    expect(searchCalls()).toEqual([]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Keyword' }), 'rope');
    await userEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(window.location.search).toBe('?keyword=rope');
    expect(searchCalls()).toEqual(['/api/search?keyword=rope']);
    expect(screen.getByRole('link', { name: 'See the shoppers’ page' })).toHaveAttribute('href', '/s/?keyword=rope');

    await act(async () => {
      window.history.replaceState(null, '', '/staff.html');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('searchbox', { name: 'Keyword' })).toHaveValue('');
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
  });

  it('a failure shows the generic message and tries again', async () => {
    searchAnswer = () => new Response('oops', { status: 500 });
    open('/staff.html?keyword=rope');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    searchAnswer = () => Response.json(answer());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
  });
});

describe('the board’s draft and schedules (the console)', () => {
  const HISTORY = '/api/staff/merch/pins/history';
  const MERCH = '/api/staff/merch';

  function version(extra: Record<string, unknown> = {}) {
    return {
      version: 4,
      eventType: 'Pinned',
      staffId: 'cu_ana',
      at: '2026-11-28T16:00:00Z',
      pins: ['1001', '1002'],
      redirect: null,
      draft: null,
      schedules: {},
      ...extra,
    };
  }

  function board(extra: Record<string, unknown> = {}) {
    return { success: true, pins: ['1001', '1002'], redirect: null, draft: null, schedules: {}, ...extra };
  }

  function openConsole(routes: Record<string, unknown>) {
    resetStaff();
    const api = mockStaffApi({
      'GET /api/search': answer({
        items: [product(1, { pinned: true }), product(2, { pinned: true }), product(3), product(4)],
      }),
      ...routes,
    });
    window.history.replaceState(null, '', '/staff/merch/pins/?keyword=rope');
    render(<PinBoardPage session />);
    return api;
  }

  function draftSection() {
    return screen.getByRole('region', { name: 'Draft' });
  }

  function posts(calls: Call[], action: string) {
    return calls.filter((c) => c.method === 'POST' && c.path === `${MERCH}/${action}`);
  }

  it('Start a draft copies the board; its pins move, go and are added; Save draft posts the whole board', async () => {
    let saved: Record<string, unknown> | null = null;
    const { calls } = openConsole({
      [`GET ${HISTORY}`]: () => [version(saved ? { eventType: 'DraftSaved', draft: saved } : {})],
      [`POST ${MERCH}/SavePinDraft`]: (call: Call) => {
        const body = call.body as { itemList: string[]; url?: string };
        saved = { pins: body.itemList, redirect: body.url ?? null };
        return board({ draft: saved });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a draft' }));
    const section = draftSection();
    const list = within(section).getByRole('list', { name: 'The draft’s pins, in order' });
    expect(within(list).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Product 1 (#1001)',
      'Product 2 (#1002)',
    ]);
    expect(within(section).getByText('The same as the published board.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Product number')).toHaveFocus();

    await userEvent.click(within(section).getByRole('button', { name: 'Move down Product 1 (#1001) in the draft' }));
    // The focus stays with the item moved.
    expect(within(section).getByRole('button', { name: 'Move up Product 1 (#1001) in the draft' })).toHaveFocus();
    await userEvent.type(within(section).getByLabelText('Product number'), '1004{Enter}');
    await userEvent.type(within(section).getByLabelText('Product number'), '1002{Enter}');
    expect(within(section).getByRole('alert')).toHaveTextContent('An item can be pinned only once.');
    await userEvent.click(within(section).getByRole('button', { name: 'Remove Product 2 (#1002) from the draft' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Redirect (optional)' }), '/store-finder/');

    expect(within(section).getByText('1 added, 1 removed, 0 moved; the redirect changed.')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Added (1)' })).toHaveTextContent('Product 4 (#1004), at place 2');
    expect(within(section).getByRole('list', { name: 'Removed (1)' })).toHaveTextContent(
      'Product 2 (#1002), was at place 2',
    );
    expect(within(section).getByRole('list', { name: 'Redirect (1)' })).toHaveTextContent('Set to /store-finder/');
    expect(within(section).getByText('Not saved yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /Preview draft/ })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Save draft' }));
    expect(await within(section).findByText('Saved the draft (2 items). It is not live: publish it to show it to shoppers.'))
      .toBeInTheDocument();
    const [save] = posts(calls, 'SavePinDraft');
    expect(save!.body).toEqual({ keyword: 'rope', itemList: ['1001', '1004'], url: '/store-finder/' });
    expect(save!.token).toBe(TEST_TOKEN);
    expect(within(section).getByText('Saved.')).toBeInTheDocument();
    const preview = within(section).getByRole('link', { name: 'Preview draft on the store (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/s/?keyword=rope&prv=draft');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(section).toHaveTextContent('Preview mode must be on');
    // The history is read again, and lists the draft.
    expect(await screen.findByText('Draft saved (2 items, redirect to /store-finder/)')).toBeInTheDocument();
  });

  it('shows what a saved draft changes in the published board', async () => {
    openConsole({
      [`GET ${HISTORY}`]: [
        version({
          pins: ['1001', '1002', '1003'],
          redirect: '/a/',
          draft: { pins: ['1003', '1001', '1004'], redirect: null },
        }),
      ],
    });
    const summary = await screen.findByText('1 added, 1 removed, 1 moved; the redirect changed.');
    const section = draftSection();
    expect(section).toContainElement(summary);
    expect(within(section).getByRole('list', { name: 'Added (1)' })).toHaveTextContent('Product 4 (#1004), at place 3');
    expect(within(section).getByRole('list', { name: 'Removed (1)' })).toHaveTextContent('Product 2 (#1002), was at place 2');
    expect(within(section).getByRole('list', { name: 'Moved (1)' })).toHaveTextContent('Product 1 (#1001): place 1 → place 2');
    expect(within(section).getByRole('list', { name: 'Redirect (1)' })).toHaveTextContent('Removed (was /a/)');
    expect(within(section).getByText('Saved.')).toBeInTheDocument();
  });

  it('Publish asks first, then publishes the saved draft', async () => {
    const draft = { pins: ['1002', '1001'], redirect: null };
    let published = false;
    const { calls } = openConsole({
      [`GET ${HISTORY}`]: () => [
        published
          ? version({ version: 6, eventType: 'DraftPublished', pins: draft.pins })
          : version({ eventType: 'DraftSaved', draft }),
      ],
      [`POST ${MERCH}/PublishPinDraft`]: () => {
        published = true;
        return board({ pins: ['1002', '1001'] });
      },
    });
    await screen.findByText('Saved.');
    await userEvent.click(within(draftSection()).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish the draft?' });
    expect(dialog).toHaveTextContent('Shoppers will get these pins at once: #1002, #1001; redirect: none.');
    expect(posts(calls, 'PublishPinDraft')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published the draft: shoppers get 2 items pinned now.')).toBeInTheDocument();
    expect(posts(calls, 'PublishPinDraft').map((c) => c.body)).toEqual([{ keyword: 'rope' }]);
    // Saved already: nothing is saved first.
    expect(posts(calls, 'SavePinDraft')).toEqual([]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(draftSection()).getByRole('button', { name: 'Start a draft' })).toBeInTheDocument();
    expect(await screen.findByText('Draft published')).toBeInTheDocument();
  });

  it('changes not saved are saved before they are published', async () => {
    const { calls } = openConsole({
      [`GET ${HISTORY}`]: [version()],
      [`POST ${MERCH}/SavePinDraft`]: board({ draft: { pins: ['1002', '1001'], redirect: null } }),
      [`POST ${MERCH}/PublishPinDraft`]: board({ pins: ['1002', '1001'] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a draft' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move up Product 2 (#1002) in the draft' }));
    await userEvent.click(within(draftSection()).getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish the draft?' });
    expect(dialog).toHaveTextContent('The changes not saved yet are saved first.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published the draft: shoppers get 2 items pinned now.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`${MERCH}/SavePinDraft`, { keyword: 'rope', itemList: ['1002', '1001'] }],
      [`${MERCH}/PublishPinDraft`, { keyword: 'rope' }],
    ]);
  });

  it('Discard throws the saved draft away', async () => {
    let discarded = false;
    const { calls } = openConsole({
      [`GET ${HISTORY}`]: () => [
        discarded
          ? version({ version: 6, eventType: 'DraftDiscarded' })
          : version({ eventType: 'DraftSaved', draft: { pins: ['1001'], redirect: null } }),
      ],
      [`POST ${MERCH}/DiscardPinDraft`]: () => {
        discarded = true;
        return board();
      },
    });
    await screen.findByText('Saved.');
    await userEvent.click(within(draftSection()).getByRole('button', { name: 'Discard' }));
    expect(await within(draftSection()).findByText('Discarded the draft.')).toBeInTheDocument();
    expect(posts(calls, 'DiscardPinDraft').map((c) => c.body)).toEqual([{ keyword: 'rope' }]);
    expect(within(draftSection()).getByRole('button', { name: 'Start a draft' })).toBeInTheDocument();
    expect(await screen.findByText('Draft discarded')).toBeInTheDocument();
    expect(within(draftSection()).getByRole('button', { name: 'Start a draft' })).toBeInTheDocument();
  });

  it('a refusal is said in the server’s words; the draft stays as edited', async () => {
    openConsole({
      [`GET ${HISTORY}`]: [version()],
      [`POST ${MERCH}/SavePinDraft`]: refusal(
        422,
        'PinRefused',
        'A redirect must be a page of this store, starting with a single slash.',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a draft' }));
    await userEvent.type(within(draftSection()).getByRole('textbox', { name: 'Redirect (optional)' }), 'https://example.com/');
    await userEvent.click(within(draftSection()).getByRole('button', { name: 'Save draft' }));
    expect(await within(draftSection()).findByRole('alert')).toHaveTextContent(
      'A redirect must be a page of this store, starting with a single slash.',
    );
    expect(within(draftSection()).getByRole('textbox', { name: 'Redirect (optional)' })).toHaveValue('https://example.com/');
    expect(within(draftSection()).getByText('Not saved yet.')).toBeInTheDocument();
  });

  it('a landing page’s draft has no redirect field', async () => {
    resetStaff();
    mockStaffApi({
      'GET /api/search': answer({ keyword: null, landing: { id: 11, name: 'Hardware', url: '/hardware/' } }),
      [`GET ${HISTORY}`]: [version({ draft: { pins: ['1001'], redirect: null } })],
    });
    window.history.replaceState(null, '', '/staff/merch/pins/?lp=11');
    render(<PinBoardPage session />);
    await screen.findByText('Saved.');
    expect(within(draftSection()).queryByRole('textbox', { name: 'Redirect (optional)' })).not.toBeInTheDocument();
    expect(within(draftSection()).getByRole('link', { name: /^Preview draft on the store/ })).toHaveAttribute(
      'href',
      '/hardware/?prv=draft',
    );
  });

  it('schedules a pin from a local start until an end, sent as UTC; Always clears it', async () => {
    const start = new Date(new Date().getFullYear(), 11, 20, 9, 0);
    const end = new Date(new Date().getFullYear(), 11, 27);
    const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');
    const window = { startsAt: iso(start), endsAt: iso(end) };
    let scheduled: Record<string, unknown> = {};
    const { calls } = openConsole({
      [`GET ${HISTORY}`]: () => [version({ redirect: '/sale/', schedules: scheduled })],
      [`POST ${MERCH}/SchedulePinRule`]: (call: Call) => {
        const body = call.body as Record<string, string>;
        scheduled = body.startsAt ? { [body.rule!]: { startsAt: body.startsAt, endsAt: body.endsAt } } : {};
        return board({ redirect: '/sale/', schedules: scheduled });
      },
    });
    const schedules = await screen.findByRole('region', { name: 'Schedules' });
    expect(within(schedules).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Product 1 (#1001)Always'),
      expect.stringContaining('Product 2 (#1002)Always'),
      expect.stringContaining('Redirect to /sale/Always'),
    ]);

    const toggle = within(schedules).getByRole('button', { name: 'Schedule Product 1 (#1001)' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(schedules).getByRole('form', { name: 'When Product 1 (#1001) applies' });
    expect(within(form).getByLabelText(/^Starts/)).toHaveFocus();
    // An end before the start is said before anything is sent.
    fireEvent.change(within(form).getByLabelText(/^Starts/), { target: { value: '2026-12-27T00:00' } });
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: '2026-12-20T00:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('A rule must start before it ends.')).toBeInTheDocument();
    expect(posts(calls, 'SchedulePinRule')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^Starts/), { target: { value: toLocalInput(start) } });
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: toLocalInput(end) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(schedules).findByText('Scheduled Product 1 (#1001) from Dec 20, 9:00 AM until Dec 27.'))
      .toBeInTheDocument();
    expect(posts(calls, 'SchedulePinRule').map((c) => c.body)).toEqual([{ keyword: 'rope', rule: 'pin:1001', ...window }]);
    expect(toggle).toHaveFocus();
    expect(within(schedules).getAllByRole('listitem')[0]).toHaveTextContent('from Dec 20, 9:00 AM until Dec 27');
    expect(within(schedules).getByRole('link', { name: /^Preview when it starts/ })).toHaveAttribute(
      'href',
      `/s/?keyword=rope&HawkDate=${encodeURIComponent(window.startsAt)}`,
    );
    // The result shows when its pin applies.
    const result = screen.getByRole('link', { name: 'Product 1' }).closest('li')!;
    expect(result).toHaveTextContent('Pin applies from Dec 20, 9:00 AM until Dec 27');

    await userEvent.click(toggle);
    await userEvent.click(within(schedules).getByRole('button', { name: 'Always' }));
    expect(await within(schedules).findByText('Product 1 (#1001) applies always now.')).toBeInTheDocument();
    expect(posts(calls, 'SchedulePinRule')[1]!.body).toEqual({ keyword: 'rope', rule: 'pin:1001' });
  });

  it('a schedule the server refuses is said in the form; any day previews on the store', async () => {
    openConsole({
      [`GET ${HISTORY}`]: [version({ redirect: '/sale/' })],
      [`POST ${MERCH}/SchedulePinRule`]: refusal(404, 'PinRefused', 'There is no redirect to schedule.'),
    });
    const schedules = await screen.findByRole('region', { name: 'Schedules' });
    await userEvent.click(within(schedules).getByRole('button', { name: 'Schedule Redirect to /sale/' }));
    await userEvent.click(within(schedules).getByRole('button', { name: 'Always' }));
    expect(await within(schedules).findByRole('alert')).toHaveTextContent('There is no redirect to schedule.');
    await userEvent.keyboard('{Escape}');
    expect(within(schedules).queryByRole('form')).not.toBeInTheDocument();
    expect(within(schedules).getByRole('button', { name: 'Schedule Redirect to /sale/' })).toHaveFocus();

    fireEvent.change(within(schedules).getByLabelText('Day to preview'), { target: { value: '2026-12-24' } });
    const day = within(schedules).getByRole('link', { name: 'Preview a day on the store (opens in a new tab)' });
    expect(day).toHaveAttribute('href', '/s/?keyword=rope&HawkDate=2026-12-24');
    expect(day).toHaveAttribute('target', '_blank');
  });
});

/** A time as a `datetime-local` value of this browser's time zone. */
function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
