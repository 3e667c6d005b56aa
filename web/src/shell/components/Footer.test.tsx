import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { useStoreMenuStore } from '../../storefinder/storeMenuStore';
import { showGenericError, useGenericErrorStore } from '../../shared/ui/errors';
import { Footer } from './Footer';

const fetchMock = vi.fn<typeof fetch>();

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

let subscribe: () => Promise<Response>;

function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const min = /min-width:\s*(\d+)px/.exec(query);
      const matches =
        (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && !query.includes('reduce');
      return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} };
    }),
  );
}

function renderFooter(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  fetchMock.mockReset();
  subscribe = async () => Response.json({ success: true });
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url === '/email/marketing/subscribe') return subscribe();
    if (url === '/globalresource/header/?deptMenu=omit') return Response.json({ loggedIn: false });
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().reset();
  useGenericErrorStore.getState().dismiss();
  useStoreMenuStore.setState({ open: false, product: null });
  delete window.dataLayer;
});

afterEach(() => {
  delete window.dataLayer;
});

function subscribeCalls() {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input) === '/email/marketing/subscribe');
}

describe('footer links', () => {
  it('desktop: every group as a column with its links', () => {
    stubViewport(1280);
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('data-layout', 'desktop');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    for (const title of ['General', 'Customer Care', 'Tax Exempt', 'Services', 'Account', 'Automotive']) {
      expect(within(nav).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
    const expected: Array<[string, string]> = [
      ['Rewards', '/rewards/'],
      ['Events & News', '/blog/category/events-news/'],
      ['Store Finder', '/store-finder/'],
      ['Coupon Acceptance Policy', '/coupon-acceptance-policy/'],
      ['SDS Request', '/sds-request/'],
      ['Theme Song', '/theme-song/'],
      ['Tax Exempt Application', '/account/certificate/'],
      ['Animal Rx', '/animalrx/'],
      ['Small Engine Repair & Parts', '/small-engine-repair-and-parts/'],
      ['Track Your Order', '/account/track-your-order/'],
      ['Automotive Service & Repair', '/automotive-service-repair/'],
      ['Tires', '/tires/'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Careers' }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(within(nav).getByRole('link', { name: 'Real Estate' }).getAttribute('href')).toMatch(/^https:\/\//);
    // Registries only for customers who have them.
    expect(within(nav).queryByRole('link', { name: 'My Registries' })).not.toBeInTheDocument();
  });

  it('marks the link to the page on screen with aria-current', () => {
    renderFooter('/about-us/');
    const about = screen.getByRole('link', { name: 'About Us' });
    expect(about).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Our History' })).not.toHaveAttribute('aria-current');
  });

  it('has the customer service phone as a tel: link', () => {
    stubViewport(1280);
    renderFooter();
    expect(screen.getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute('href', 'tel:+18002102370');
  });

  it('tablet: the tablet layout, groups not collapsible', () => {
    stubViewport(800);
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('data-layout', 'tablet');
    expect(within(footer).getByRole('link', { name: 'Tires' })).toBeVisible();
  });

  it('mobile: groups collapse behind buttons with aria-expanded', async () => {
    const user = userEvent.setup();
    stubViewport(375);
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('data-layout', 'mobile');
    const toggle = within(footer).getByRole('button', { name: 'Services' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(footer).getAllByRole('button', { expanded: false })).toHaveLength(6);
    expect(within(footer).queryByRole('link', { name: 'Store Pickup' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(footer).getByRole('link', { name: 'Store Pickup' })).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The phone stays visible.
    expect(within(footer).getByRole('link', { name: '1-800-210-2370' })).toBeVisible();
  });

  it('account links carry refUrl (omitted on the home page) and follow the session', async () => {
    stubViewport(1280);
    const { unmount } = renderFooter('/faq/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/account/login/?refUrl=%2Ffaq%2F',
    );
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/account/login/?create=1&refUrl=%2Ffaq%2F',
    );
    unmount();

    renderFooter('/');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/account/login/');
    act(() => {
      useSession.setState({
        status: 'success',
        loggedIn: true,
        customer: { firstName: 'Jo', customerHasRegistries: true },
      });
    });
    expect(screen.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/account/logout/');
    expect(screen.getByRole('link', { name: 'My Registries' })).toHaveAttribute('href', '/gift-registry/list/');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('shows the local store with Change, or Find Your Store, both opening the store menu', async () => {
    const user = userEvent.setup();
    stubViewport(1280);
    const opened = vi.fn();
    window.addEventListener('storefront:open-store-menu', opened);
    renderFooter();
    await user.click(screen.getByRole('button', { name: 'Find Your Store' }));
    expect(opened).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');

    act(() => {
      useSession.setState({
        status: 'success',
        localStore: { storeNum: 1, city: 'Janesville', cityAlias: 'janesville', state: 'WI', urlAlias: 'janesville-wi' },
      });
    });
    expect(screen.getByTestId('footer-store-name')).toHaveAttribute('href', '/stores/janesville-wi');
    await user.click(screen.getByRole('button', { name: 'Change store (Janesville, WI)' }));
    expect(opened).toHaveBeenCalledTimes(2);
    window.removeEventListener('storefront:open-store-menu', opened);
  });
});

describe('newsletter', () => {
  it('an empty submit only focuses the field', async () => {
    const user = userEvent.setup();
    renderFooter();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    expect(screen.queryByTestId('newsletter-invalid-icon')).not.toBeInTheDocument();
    expect(subscribeCalls()).toHaveLength(0);
  });

  it('an invalid email shows the invalid icon and message, cleared on edit', async () => {
    const user = userEvent.setup();
    renderFooter();
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(field, 'jane@gmail.con');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByTestId('newsletter-invalid-icon')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(subscribeCalls()).toHaveLength(0);

    await user.type(field, 'x');
    expect(screen.queryByTestId('newsletter-invalid-icon')).not.toBeInTheDocument();
  });

  it('loading, then the Thank you! modal; the field is cleared and analytics pushed', async () => {
    const user = userEvent.setup();
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
    window.dataLayer = [];
    let resolve!: (r: Response) => void;
    subscribe = () => new Promise<Response>((r) => (resolve = r));
    renderFooter();
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(field, 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const busy = screen.getByRole('button', { name: 'Signing Up…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(JSON.parse(String(subscribeCalls()[0]![1]!.body))).toEqual({ EmailAddress: 'jane@example.com' });

    await act(async () => resolve(Response.json({ success: true })));
    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(window.dataLayer).toEqual([{ event: 'email_subscribe', method: 'Footer' }]);
    // The same push goes to the analytics beacon.
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/analytics', '{"event":"email_subscribe","method":"Footer"}');

    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failure stops loading silently', async () => {
    const user = userEvent.setup();
    subscribe = async () =>
      Response.json({ success: false, code: 'InvalidEmail', message: 'Please enter a valid email address.' }, { status: 400 });
    renderFooter();
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(field, 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('newsletter-invalid-icon')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(field).toHaveValue('jane@example.com');
  });
});

describe('generic error modal', () => {
  it('opens with the generic title from showGenericError()', async () => {
    const user = userEvent.setup();
    renderFooter();
    act(() => showGenericError());
    const dialog = screen.getByRole('dialog', { name: 'Uh oh, something unexpected happened.' });
    expect(dialog).toHaveTextContent('Something went wrong. Please try again later.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => showGenericError('URL route not found'));
    expect(screen.getByRole('dialog')).toHaveTextContent('URL route not found');
  });
});
