import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PATHS, CONTENT_PAGES, PLACEHOLDER_PAGES, SERVER_PATHS, SPEC_PATHS } from '../content/siteLinks';
import { useSession } from '../session';
import { useDepartmentsStore } from '../catalog/departmentsStore';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';
import { renderRoute } from '../test/renderRoute';
import { resetTracking } from '../shared/tracking/hawk';
import { hawkRequests, recordHawkRequests } from '../shared/tracking/testing';

const fetchMock = vi.fn<typeof fetch>();

const DEPARTMENTS = [
  { id: 1, name: 'Farm & Ranch', url: '/farm-ranch/c/1', children: [] },
  { id: 2, name: 'Home & Garden', url: '/home-garden/c/2', children: [] },
  { id: 3, name: 'Auto & Trailer', url: '/auto-trailer/c/3', children: [] },
];

const JANESVILLE = {
  storeNum: 1,
  city: 'Janesville',
  cityAlias: 'janesville',
  state: 'WI',
  address1: '2500 Milton Ave',
  zip: '53545',
  phone: '(608) 752-9000',
  autoCenterPhone: '(608) 752-9010',
  hours: { Monday: '7:00 AM - 8:00 PM', Sunday: '8:00 AM - 6:00 PM' },
  autoHours: { Monday: '7:30 AM - 7:00 PM', Sunday: 'Closed' },
  currentHours: { displayText: 'Open until 8:00 PM', displayStyle: 'open' },
  hoursStatus: 'Open',
  comingSoon: false,
  urlAlias: 'janesville-wi',
  googlePlaceID: 'abc',
  googleMapZoom: 14,
  localDeliveryInformation: { isEnabled: true, label: 'Same Day Delivery Available' },
  lat: 42.7,
  lon: -89,
  timeZone: 'America/Chicago',
};

/** Departments come from `departments()`; other shell calls get neutral answers. */
let departments: () => Promise<Response>;

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

beforeEach(() => {
  fetchMock.mockReset();
  departments = async () => Response.json(DEPARTMENTS);
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url === '/api/catalog/departments') return departments();
    if (url.startsWith('/globalresource/header/')) {
      return Response.json({ loggedIn: false, deptMenu: [], headerLinks: [], siteMessages: [] });
    }
    if (url === '/api/stores/janesville-wi') return Response.json(JANESVILLE);
    if (url.startsWith('/api/stores/')) return Response.json({ success: false }, { status: 404 });
    if (url === '/api/stores') return Response.json([JANESVILLE]);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  useDepartmentsStore.getState().reset();
  useSession.getState().reset();
});

function departmentCalls(): number {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/api/catalog/departments').length;
}

describe('shell', () => {
  it('renders the header, search and footer around every page', async () => {
    renderRoute('/');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute(
      'href',
      'tel:+18002102370',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    await screen.findByRole('link', { name: 'Farm & Ranch' }, { timeout: 5000 });
  });
});

describe('home page', () => {
  it('shows a loading state, then the top-level departments as links', async () => {
    let resolve: ((r: Response) => void) | undefined;
    departments = () => new Promise<Response>((r) => (resolve = r));
    renderRoute('/');

    expect(await screen.findByText('Loading departments…')).toBeInTheDocument();
    // The loading state shows before the request leaves: wait for it, then answer.
    await vi.waitFor(() => expect(resolve).toBeDefined());
    resolve!(Response.json(DEPARTMENTS));

    const list = await screen.findByRole('list', { name: 'Shop by department' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Farm & Ranch', '/farm-ranch/c/1'],
      ['Home & Garden', '/home-garden/c/2'],
      ['Auto & Trailer', '/auto-trailer/c/3'],
    ]);
    expect(screen.queryByText('Loading departments…')).not.toBeInTheDocument();
    expect(departmentCalls()).toBe(1);
  });

  it('shows the error state when the API fails, and retries', async () => {
    departments = async () => new Response('oops', { status: 500 });
    renderRoute('/');

    expect(await screen.findByText(GENERIC_ERROR_MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument();

    departments = async () => Response.json(DEPARTMENTS);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Home & Garden' })).toBeInTheDocument();
    expect(screen.queryByText(GENERIC_ERROR_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('render the 404 page inside the shell', async () => {
    renderRoute('/no-such-page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(departmentCalls()).toBe(0);
  });
});

describe('site pages', () => {
  it('has a route for every path of the links table, none of them the 404 page', () => {
    const routed = new Set([
      ...CONTENT_PAGES.map((p) => p.path),
      ...PLACEHOLDER_PAGES.map((p) => p.path),
      ...APP_PATHS,
      ...SERVER_PATHS,
    ]);
    expect(SPEC_PATHS.filter((p) => !routed.has(p))).toEqual([]);
  });

  it('no page of the app stands for a path the server answers (sign-out)', () => {
    const pages = new Set([...CONTENT_PAGES.map((p) => p.path), ...PLACEHOLDER_PAGES.map((p) => p.path), ...APP_PATHS]);
    expect(SERVER_PATHS.filter((p) => pages.has(p))).toEqual([]);
  });

  it('renders a Markdown content page with its title', async () => {
    renderRoute('/store-pickup/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Free Store Pickup' }, { timeout: 5000 })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Store Finder' })).toHaveAttribute('href', '/store-finder/');
    expect(document.title).toBe('Free Store Pickup | Storefront');
  });

  it('renders a nested content path', async () => {
    renderRoute('/blog/category/events-news/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events & News' })).toBeVisible();
  });

  it('renders placeholders with the right titles', async () => {
    for (const page of PLACEHOLDER_PAGES) {
      const { unmount } = renderRoute(page.path);
      expect(await screen.findByRole('heading', { level: 1, name: page.title }, { timeout: 5000 })).toBeVisible();
      expect(document.title).toBe(`${page.title} | Storefront`);
      unmount();
    }
  });

  it('the checkout, its confirmation and the order pages are pages of the app, not placeholders', () => {
    for (const path of ['/checkout/', '/checkout/confirmation/', '/account/orders/', '/account/track-your-order/']) {
      expect(APP_PATHS).toContain(path);
      expect(PLACEHOLDER_PAGES.map((p) => p.path)).not.toContain(path);
    }
  });

  it('renders the checkout page', async () => {
    renderRoute('/checkout/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 })).toBeVisible();
    await vi.waitFor(() => expect(document.title).toBe('Checkout | Storefront'));
  });

  it('renders the order confirmation; without a key it finds no order', async () => {
    renderRoute('/checkout/confirmation/');
    expect(
      await screen.findByRole('heading', { level: 1, name: "We couldn't find that order." }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/account/track-your-order/');
    expect(document.title).toBe('Order Confirmation | Storefront');
  });

  it('renders the order history page', async () => {
    renderRoute('/account/orders/');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('This page is coming soon.')).not.toBeInTheDocument();
  });

  it('titles the sign-in page by the create flag', async () => {
    renderRoute('/account/login/?create=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Rewards Account' }, { timeout: 5000 })).toBeVisible();
  });

  it('the search page shows the keyword from the query string', async () => {
    renderRoute('/s/?keyword=rope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "rope"' })).toBeVisible();
    expect(document.title).toBe('Results for "rope" | Storefront');
  });

  it('store details show the store, an unknown alias the 404 page', async () => {
    renderRoute('/stores/janesville-wi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Janesville, WI' })).toBeVisible();
    expect(screen.getByRole('link', { name: '(608) 752-9010' })).toHaveAttribute('href', 'tel:+16087529010');
    expect(screen.getByRole('button', { name: 'Make This My Store' })).toBeInTheDocument();

    renderRoute('/stores/nowhere-xx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('the store finder lists the stores by state', async () => {
    renderRoute('/store-finder/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store Finder' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 3, name: /Wisconsin/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Janesville, WI' })).toHaveAttribute('href', '/stores/janesville-wi');
  });
});

describe('in-app navigation', () => {
  it('moves focus to the new page’s heading and announces its title; the first load keeps focus', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/faq/');
    const faqHeading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(faqHeading).not.toHaveFocus();

    // A link in the page, followed like a user would.
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Store Pickup' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Free Store Pickup' }, { timeout: 5000 });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(router.state.location.pathname).toBe('/store-pickup/');
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite' && el.textContent);
    expect(live).toHaveTextContent('Free Store Pickup | Storefront');
  });

  it('leaves focus where it is when only the query string changes', async () => {
    const { router } = renderRoute('/faq/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const search = screen.getByRole('searchbox', { name: 'Search products' });
    act(() => search.focus());
    await act(() => router.navigate('/faq/?section=returns'));
    expect(search).toHaveFocus();
  });
});

describe('page-load tracking', () => {
  it('the shell tracks one PageLoad per page load and per navigation', async () => {
    resetTracking();
    const images = recordHawkRequests();
    const { router } = renderRoute('/faq/');
    await screen.findByRole('heading', { level: 1 });
    expect(hawkRequests(images).map((r) => [r.et, r.event.request_path, r.event.type_id])).toEqual([[1, '/faq/', 5]]);

    await act(() => router.navigate('/cart/?from=header'));
    await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
    expect(hawkRequests(images).map((r) => [r.et, r.event.request_path, r.event.qs, r.event.type_id])).toEqual([
      [1, '/faq/', '', 5],
      [1, '/cart/', 'from=header', 3],
    ]);
  });
});
