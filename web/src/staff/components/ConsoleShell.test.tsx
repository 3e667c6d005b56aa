import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MERCH_TOKEN_KEY } from './MerchTools';
import { me, mockStaffApi, NO_STAFF_ROLE, renderStaff, resetStaff, SIGNED_OUT, TEST_TOKEN } from '../testing';

beforeEach(() => {
  resetStaff();
});

function staffNav() {
  return screen.getByRole('navigation', { name: 'Staff pages' });
}

describe('the console’s shell', () => {
  it('says it is loading while it asks who is signed in', async () => {
    mockStaffApi({ 'GET /api/staff/me': () => new Promise(() => {}) });
    renderStaff('/staff/');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the staff pages…');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Storefront staff' })).toHaveAttribute('href', '/staff/');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('401: asks to sign in, and the sign-in link comes back to this page', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': SIGNED_OUT });
    renderStaff('/staff/orders/pickup/?store=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Sign in | Storefront staff');
    expect(screen.getByText('Please sign in as staff.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/login/?refUrl=%2Fstaff%2Forders%2Fpickup%2F%3Fstore%3D12',
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
    // The page itself asked for nothing.
    expect(calls.map((c) => c.path)).toEqual(['/api/staff/me']);
  });

  it('403: a customer without staff roles gets the 403 page with a link to the store', async () => {
    mockStaffApi({ 'GET /api/staff/me': NO_STAFF_ROLE });
    renderStaff('/staff/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(document.title).toBe('No access | Storefront staff');
    expect(screen.getByText('Your account has no staff role.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the store’s home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/account/logout/?refUrl=/staff/');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('an associate: the Store pages in the navigation, the staff id, Sign out and a card', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff('/staff/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    expect(document.title).toBe('Staff home | Storefront staff');
    const nav = staffNav();
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pickup queue', '/staff/orders/pickup/'],
      ['Tax exemptions', '/staff/tax-exemptions/'],
    ]);
    expect(within(nav).getByRole('list', { name: 'Store' })).toBeInTheDocument();
    expect(screen.getByText('Amy')).toHaveAttribute('title', 'cu_123');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/account/logout/?refUrl=/staff/');
    const cards = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(cards).toEqual(['Store']);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Pickup queue' })).toHaveAttribute('href', '/staff/orders/pickup/');
  });

  it('a merchandiser and analyst: both roles’ pages in the navigation; a card for each role', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser', 'analyst') });
    renderStaff('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
    expect(within(staffNav()).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Pins', '/staff/merch/pins/'],
      ['Search index', '/staff/merch/search-index/'],
      ['Searches with no results', '/staff/merch/null-results/'],
      ['Synonyms', '/staff/merch/synonyms/'],
      ['Changes to search', '/staff/merch/audit/'],
      ['Reviews', '/staff/merch/reviews/'],
      ['Analytics', '/staff/analytics/'],
      ['Live events', '/staff/analytics/live/'],
    ]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Merchandising',
      'Analytics',
    ]);
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Live events' })).toHaveAttribute('href', '/staff/analytics/live/');
    expect(within(main).getByRole('link', { name: 'Searches with no results' })).toHaveAttribute(
      'href',
      '/staff/merch/null-results/',
    );
  });

  it('a page under another in the navigation marks only itself as the current page', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('analyst') });
    renderStaff('/staff/analytics/live/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live events' })).toBeVisible();
    expect(within(staffNav()).getByRole('link', { name: 'Live events' })).toHaveAttribute('aria-current', 'page');
    expect(within(staffNav()).getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current');
  });

  it('a page of a role they lack is the 403 page, with the navigation of theirs', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff('/staff/merch/pins/?keyword=rope');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(screen.getByText('Your staff role does not allow this page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Staff home' })).toHaveAttribute('href', '/staff/');
    expect(staffNav()).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/staff/me']);
  });

  it('an unknown address under /staff/ is the staff Page not found', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff('/staff/no/such/page/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(document.title).toBe('Page not found | Storefront staff');
    expect(screen.getByText('There is no staff page at this address.')).toBeVisible();
  });

  it('a failure to ask says so and tries again', async () => {
    let answer: () => unknown = () => new Response('oops', { status: 500 });
    mockStaffApi({ 'GET /api/staff/me': () => answer() });
    renderStaff('/staff/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    answer = () => me('associate');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff home' })).toBeVisible();
  });

  it('moving to another page puts the focus on its heading', async () => {
    mockStaffApi({
      'GET /api/staff/me': me('associate'),
      'GET /api/staff/tax-exemptions': { applications: [] },
    });
    const { router } = renderStaff('/staff/');
    await screen.findByRole('heading', { level: 1, name: 'Staff home' });
    await userEvent.click(within(staffNav()).getByRole('link', { name: 'Tax exemptions' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tax exemptions' });
    expect(router.state.location.pathname).toBe('/staff/tax-exemptions/');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(staffNav()).getByRole('link', { name: 'Tax exemptions' })).toHaveAttribute('aria-current', 'page');
  });

  it('the skip link moves the focus to the main content', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('associate') });
    renderStaff('/staff/');
    await screen.findByRole('heading', { level: 1, name: 'Staff home' });
    await userEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('the pins page in the console and as a file', () => {
  const searchAnswer = {
    keyword: 'rope',
    landing: null,
    total: 1,
    pg: 1,
    mpp: 60,
    pageCount: 1,
    sort: 'relevance',
    items: [
      {
        blainNumber: '1001',
        name: 'Product 1',
        vendorBrand: 'Koch',
        url: '/product/1001/product-1/',
        thumbnail: '',
        priceCents: 1100,
        price: '$11.00',
        pinned: false,
        storeOnHand: null,
      },
    ],
    facets: [],
    applied: [],
    query: 'keyword=rope',
    queryId: 'qid-1',
  };

  it('a signed-in merchandiser pins with the session: no token to paste', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      'GET /api/search': searchAnswer,
      'POST /api/staff/merch/AddItemToTop': { success: true, pins: ['1001'] },
    });
    renderStaff('/staff/merch/pins/?keyword=rope');
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Pins' })).toBeVisible();
    expect(document.title).toBe('Pins: rope | Storefront staff');
    expect(screen.queryByLabelText('Merchandiser token')).not.toBeInTheDocument();
    expect(screen.getByText('You are signed in as a merchandiser: pin controls are on.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pin to top Product 1' }));
    expect(await screen.findByText('Saved. 1 item is pinned.')).toBeVisible();
    const pin = calls.find((c) => c.path === '/api/staff/merch/AddItemToTop')!;
    expect(pin.token).toBe(TEST_TOKEN);
    expect(pin.authorization).toBeNull();
    expect(pin.body).toMatchObject({ itemId: '1001', keyword: 'rope' });
  });

  it('/staff.html is the pins page with a pasted token, without asking who is signed in', async () => {
    sessionStorage.removeItem(MERCH_TOKEN_KEY);
    const { calls } = mockStaffApi({ 'GET /api/search': searchAnswer });
    renderStaff('/staff.html?keyword=rope');
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeVisible();
    expect(screen.getByLabelText('Merchandiser token')).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/search?keyword=rope']);
  });
});
