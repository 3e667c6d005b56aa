import { renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerFixture, JANESVILLE, SIGNED_IN } from '../header/testing';
import { clearPrefetched, primePrefetched } from '../shared/api/prefetched';
import { adoptRenderedSession, refreshHeader, useHeaderDataLifecycle, useSession } from './index';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
});

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useSession', () => {
  it('loads the header data once and maps it', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture({ ...SIGNED_IN, cartSummaryJson: { cartQty: 4 } })));

    const { load } = useSession.getState();
    await Promise.all([load(), load()]);
    await load();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/globalresource/header/?deptMenu=omit');
    expect(useSession.getState()).toMatchObject({
      status: 'success',
      loggedIn: true,
      customer: { firstName: 'Jane' },
      cartQty: 4,
      localStore: null,
    });
    expect(useSession.getState().deptMenu.length).toBeGreaterThan(0);
  });

  it('refresh() refetches, and only the newest answer counts', async () => {
    const first = deferred();
    const second = deferred();
    fetchMock.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { load, refresh } = useSession.getState();

    const a = load();
    const b = refresh();
    second.resolve(Response.json(headerFixture({ cartSummaryJson: { cartQty: 2 } })));
    await b;
    first.resolve(Response.json(headerFixture({ cartSummaryJson: { cartQty: 9 } })));
    await a;

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useSession.getState().cartQty).toBe(2);
  });

  it('keeps what it shows when a refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(headerFixture(SIGNED_IN)));
    await useSession.getState().load();
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 500 }));
    await useSession.getState().refresh();

    expect(useSession.getState()).toMatchObject({ status: 'success', loggedIn: true });
  });

  it('is an error before any success', async () => {
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 500 }));
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ status: 'error', loggedIn: false, deptMenu: [] });
  });

  it('setCartQty sets the count at once', () => {
    useSession.getState().setCartQty(5);
    expect(useSession.getState().cartQty).toBe(5);
    useSession.getState().setCartQty(-1);
    expect(useSession.getState().cartQty).toBe(0);
  });
});

describe('a header answer taken directly (a sign-in\'s headerJson)', () => {
  /** What the header call answers with `?deptMenu=omit`: no menu, its version. */
  function omitted(overrides: Parameters<typeof headerFixture>[0] = {}) {
    return { ...headerFixture(overrides), deptMenu: undefined, deptMenuVersion: 'v1' };
  }

  it('applies the greeting and cart count without a fetch, keeping the menu held', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(headerFixture()));
    await useSession.getState().load();
    const menu = useSession.getState().deptMenu;
    expect(menu.length).toBeGreaterThan(0);
    fetchMock.mockClear();

    await refreshHeader({
      header: omitted({ ...SIGNED_IN, greeting: 'Hi, Jane', cartSummaryJson: { cartQty: 3 } }),
    });

    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({
      status: 'success',
      loggedIn: true,
      greeting: 'Hi, Jane',
      customer: { firstName: 'Jane' },
      cartQty: 3,
    });
    expect(useSession.getState().deptMenu).toBe(menu);
  });

  it('supersedes a fetch in flight', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (resolve = r)));
    useSession.setState({ status: 'success' });
    const pending = useSession.getState().refresh();

    expect(useSession.getState().applyHeader(omitted({ ...SIGNED_IN, cartSummaryJson: { cartQty: 2 } }))).toBe(true);
    resolve(Response.json(headerFixture({ cartSummaryJson: { cartQty: 0 } })));
    await pending;

    expect(useSession.getState()).toMatchObject({ loggedIn: true, cartQty: 2 });
  });

  it('fetches the menu too when none is held yet', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture(SIGNED_IN)));

    useSession.getState().applyHeader(omitted(SIGNED_IN));

    await vi.waitFor(() => expect(useSession.getState().deptMenu.length).toBeGreaterThan(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('null or absent: the header is fetched', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture({ ...SIGNED_IN, cartSummaryJson: { cartQty: 1 } })));

    expect(useSession.getState().applyHeader(null)).toBe(false);
    expect(useSession.getState().status).toBe('idle');
    await refreshHeader({ header: null });
    await refreshHeader({ header: undefined });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useSession.getState()).toMatchObject({ loggedIn: true, cartQty: 1 });
  });
});

describe('useHeaderDataLifecycle', () => {
  it('loads on mount and refetches when the page is shown from the back/forward cache', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture()));
    const { unmount } = renderHook(() => useHeaderDataLifecycle());
    await vi.waitFor(() => expect(useSession.getState().status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    unmount();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('a page rendered on the server', () => {
  afterEach(() => clearPrefetched());

  function StoreName() {
    return <span>{useSession((s) => s.localStoreName ?? 'no store')}</span>;
  }

  /** The answers of a render whose header names the visitor's store (and its menu's version). */
  function renderedWithHeader(menuVersion: string) {
    const header = { ...headerFixture({ ...JANESVILLE, cartSummaryJson: { cartQty: 3 } }), deptMenuVersion: menuVersion };
    primePrefetched({ '/globalresource/header/?deptMenu=omit': { ...header, deptMenu: undefined } });
  }

  it('renders the header data it was rendered with (the server snapshot)', () => {
    renderedWithHeader('ssr-1');
    expect(renderToString(<StoreName />)).toBe('<span>Janesville, WI</span>');
  });

  it('renders a guest without them', () => {
    expect(renderToString(<StoreName />)).toBe('<span>no store</span>');
  });

  it('takes them before hydration, so the header is not fetched again; the menu comes by its version', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture().deptMenu));
    renderedWithHeader('ssr-2');
    adoptRenderedSession();
    expect(useSession.getState()).toMatchObject({ status: 'success', localStoreName: 'Janesville, WI', cartQty: 3 });
    // The device is the visitor's browser's to say, not the renderer's.
    expect(useSession.getState().isMobileDevice).toBeNull();
    await useSession.getState().load();
    await waitFor(() => expect(useSession.getState().deptMenu.length).toBeGreaterThan(0));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/globalresource/dept-menu/?v=ssr-2']);
  });

  it('loads the header as usual when the page carried none', async () => {
    fetchMock.mockImplementation(async () => Response.json(headerFixture(JANESVILLE)));
    adoptRenderedSession();
    expect(useSession.getState().status).toBe('idle');
    await useSession.getState().load();
    expect(fetchMock).toHaveBeenCalled();
  });
});
