import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPanelHost } from '../account/SignInPanelHost';
import { CAREERS_URL, CONTENT_PAGES, REAL_ESTATE_URL } from '../content/siteLinks';
import { useSignInPanel } from '../account/signInPanelStore';
import { OPEN_STORE_MENU_EVENT } from '../header/StoreLink';
import { JANESVILLE, mockApi, renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { resetAdBeacons } from '../banner/beacons';
import { useSession } from '../session';
import { resetMegaMenuAd } from './megaMenuAd';
import { MobileMenu } from './MobileMenu';

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  resetMegaMenuAd();
  resetAdBeacons();
  mockApi({ '/globalresource/category-flyout/': null });
  setSession();
});

async function openDrawer(path = '/') {
  const user = userEvent.setup();
  const result = renderInRouter(
    <>
      <MobileMenu />
      <SignInPanelHost />
    </>,
    path,
  );
  const button = screen.getByRole('button', { name: 'Menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, button, dialog, ...result };
}

const title = () => screen.getByRole('dialog').getAttribute('aria-labelledby');
const dialogName = () => document.getElementById(title()!)!.textContent;

describe('MobileDrawer', () => {
  it('opens from the menu button with Sign In and Track Order for guests', async () => {
    const { user, button, dialog, router } = await openDrawer();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Track Order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/track-your-order/');
  });

  it('greets a signed-in customer by first name with a My Account link', async () => {
    setSession(SIGNED_IN);
    const { dialog } = await openDrawer();
    expect(within(dialog).getByText('Hi, Jane')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/');
    expect(within(dialog).queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Track Order' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'My Registries' })).not.toBeInTheDocument();
  });

  it('shows My Registries only to a customer who has a registry', async () => {
    setSession({ ...SIGNED_IN, customer: { firstName: 'Jane', customerHasRegistries: true } });
    const { dialog } = await openDrawer();
    expect(within(dialog).getByRole('link', { name: 'My Registries' })).toHaveAttribute(
      'href',
      '/gift-registry/list/',
    );
  });

  it('Sign In closes the drawer and opens the sign-in panel; focus comes back to the menu button', async () => {
    const { user, button, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
  });

  it('shows the local store city and state with Change', async () => {
    setSession(JANESVILLE);
    const listener = vi.fn();
    window.addEventListener(OPEN_STORE_MENU_EVENT, listener);
    const { user, dialog } = await openDrawer();
    expect(within(dialog).getByText('Janesville, WI')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^Change/ }));
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    window.removeEventListener(OPEN_STORE_MENU_EVENT, listener);
  });

  it('offers Find Your Store without a store', async () => {
    const { dialog } = await openDrawer();
    expect(within(dialog).getByRole('button', { name: 'Find Your Store' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
  });

  it('drills down with Shop All at each level, and Back follows the history', async () => {
    const { user, router } = await openDrawer();

    await user.click(screen.getByRole('button', { name: 'Farm & Ranch' }));
    expect(dialogName()).toBe('Farm & Ranch');
    const shopAll = screen.getByRole('button', { name: 'Shop All Farm & Ranch' });
    expect(shopAll).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Animal Feed' }));
    expect(dialogName()).toBe('Animal Feed');
    expect(screen.getByRole('button', { name: 'Shop All Animal Feed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Poultry Feed' })).toHaveAttribute(
      'href',
      '/farm-ranch/animal-feed/poultry-feed/',
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(dialogName()).toBe('Farm & Ranch');
    expect(screen.getByRole('button', { name: 'Animal Feed' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(dialogName()).toBe('Menu');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Farm & Ranch' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Pet' }));
    await user.click(screen.getByRole('button', { name: 'Shop All Pet' }));
    expect(router.state.location.pathname).toBe('/pet/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts at the top level when opened again', async () => {
    const { user, button } = await openDrawer();
    await user.click(screen.getByRole('button', { name: 'Farm & Ranch' }));
    await user.keyboard('{Escape}');
    await user.click(button);
    expect(dialogName()).toBe('Menu');
  });

  it('automotive service drills into Tires, Batteries and Services & Repair', async () => {
    const { user } = await openDrawer();
    await user.click(screen.getByRole('button', { name: 'Automotive Service Center' }));
    const list = screen.getByRole('list', { name: 'Automotive Service Center' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/tires/',
      '/batteries/',
      '/automotive-service-repair/',
    ]);
  });

  it.each([
    [false, '/rewards/'],
    [true, '/account/rewards/'],
  ])('Rewards is an action (signed in: %s) going to %s', async (loggedIn, path) => {
    if (loggedIn) setSession(SIGNED_IN);
    const { user, router } = await openDrawer();
    const rewards = screen.getByRole('button', { name: 'Rewards' });
    await user.click(rewards);
    expect(router.state.location.pathname).toBe(path);
  });

  it('Animal Rx is an action; Gift Cards and Blog are links', async () => {
    const { user, router, dialog } = await openDrawer();
    expect(within(dialog).getByRole('link', { name: 'Gift Cards' })).toHaveAttribute('href', '/gift-cards/');
    expect(within(dialog).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog/');
    expect(within(dialog).getAllByRole('link', { name: 'Gift Cards' })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Animal Rx' }));
    expect(router.state.location.pathname).toBe('/animalrx/');
  });

  it('shows the mega-menu ad with its impression once and the click beacon', async () => {
    mockApi({
      '/globalresource/category-flyout/': {
        adId: 'ad9',
        desktopImage: '/images/ads/d.jpg',
        mobileImage: '/images/ads/m.jpg',
        ctaLink: '/pet/',
        bannerImageAccessibleText: 'A dog with a bowl',
        ctaAccessibleText: 'Shop pet food',
      },
    });
    const sendBeacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
    const { user, dialog, router } = await openDrawer();
    const ad = await within(dialog).findByRole('link', { name: /Shop pet food/ });
    expect(within(ad).getByRole('img', { name: 'A dog with a bowl' })).toHaveAttribute('src', '/images/ads/m.jpg');
    expect(sendBeacon.mock.calls.filter(([url]) => url === '/event/a/sponsored-ad-impression')).toEqual([
      ['/event/a/sponsored-ad-impression', '["ad9"]'],
    ]);

    await user.click(ad);
    expect(sendBeacon).toHaveBeenCalledWith('/event/a/sponsored-ad-click', '"ad9"');
    expect(router.state.location.pathname).toBe('/pet/');

    // Opened again: no second impression.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await within(await screen.findByRole('dialog', { name: 'Menu' })).findByRole('link', { name: /Shop pet food/ });
    expect(sendBeacon.mock.calls.filter(([url]) => url === '/event/a/sponsored-ad-impression')).toHaveLength(1);
  });

  it('Animal Rx is an action: it closes the drawer, pushes menu_click and opens the Animal Rx page', async () => {
    window.dataLayer = [];
    const { user, router, dialog, button } = await openDrawer();
    const animalRx = within(dialog).getByRole('button', { name: 'Animal Rx' });
    expect(within(dialog).queryByRole('link', { name: 'Animal Rx' })).not.toBeInTheDocument();
    await user.click(animalRx);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/animalrx/');
    expect(window.dataLayer).toEqual([
      { event: 'menu_click', menu_name: 'mobile menu', link_text: 'Animal Rx', link_url: '/animalrx/' },
    ]);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    delete window.dataLayer;
  });

  it('lists the company links with the external careers and real-estate sites', async () => {
    const { dialog } = await openDrawer();
    const company = within(dialog).getByRole('navigation', { name: 'Company' });
    const links = within(company).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'About Us',
      'Our History',
      'Community',
      'Customer Care',
      'Careers',
      'Real Estate',
    ]);
    expect(within(company).getByRole('link', { name: 'Careers' })).toHaveAttribute('href', CAREERS_URL);
    expect(within(company).getByRole('link', { name: 'Real Estate' })).toHaveAttribute('href', REAL_ESTATE_URL);
    expect(CAREERS_URL).toMatch(/^https:\/\//);
    expect(REAL_ESTATE_URL).toMatch(/^https:\/\//);
    // The local ones are site pages.
    for (const href of ['/about-us/', '/history/', '/community/', '/customer-care/']) {
      expect(CONTENT_PAGES.some((p) => p.path === href)).toBe(true);
    }
    expect(within(company).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us/');
  });

  it('marks the entry of the page on screen with aria-current', async () => {
    const { dialog, user } = await openDrawer('/gift-cards/');
    expect(within(dialog).getByRole('link', { name: 'Gift Cards' })).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
    expect(within(dialog).getByRole('button', { name: 'Animal Rx' })).not.toHaveAttribute('aria-current');

    await user.click(within(dialog).getByRole('button', { name: 'Pet' }));
    await user.click(screen.getByRole('button', { name: 'Dog' }));
    expect(screen.getByRole('link', { name: 'Dog Food' })).not.toHaveAttribute('aria-current');
  });

  it('marks a drilled-down link when it is the page on screen', async () => {
    const { user } = await openDrawer('/pet/dog/dog-food/');
    await user.click(screen.getByRole('button', { name: 'Pet' }));
    await user.click(screen.getByRole('button', { name: 'Dog' }));
    expect(screen.getByRole('link', { name: 'Dog Food' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Shop All Dog' })).not.toHaveAttribute('aria-current');
  });

  it('marks the Animal Rx action on the Animal Rx page', async () => {
    const { dialog } = await openDrawer('/animalrx/');
    expect(within(dialog).getByRole('button', { name: 'Animal Rx' })).toHaveAttribute('aria-current', 'page');
    expect(within(dialog).getByRole('link', { name: 'Community' })).not.toHaveAttribute('aria-current');
  });
});
