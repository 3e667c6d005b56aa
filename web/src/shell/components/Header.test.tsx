import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSuggestionCache } from '../../header/suggestions';
import { fetchedUrls, headerFixture, JANESVILLE, mockApi, renderInRouter, SIGNED_IN } from '../../header/testing';
import { resetMegaMenuAd } from '../../menu/megaMenuAd';
import { useSession } from '../../session';
import { Header } from './Header';

beforeEach(() => {
  useSession.getState().reset();
  resetMegaMenuAd();
  resetSuggestionCache();
});

describe('Header', () => {
  it('loads the header data and shows logo, search, store, account, cart and navigation', async () => {
    const fetchMock = mockApi({
      '/globalresource/header/': headerFixture({ ...SIGNED_IN, ...JANESVILLE, cartSummaryJson: { cartQty: 2 } }),
    });
    renderInRouter(<Header />);

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    expect(await within(banner).findByRole('link', { name: 'Cart, 2 items' })).toHaveAttribute('href', '/cart/');
    expect(within(banner).getByRole('button', { name: /Hi, Jane/ })).toBeInTheDocument();
    expect(within(banner).getByText('Janesville, WI')).toBeInTheDocument();

    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Departments' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Registries & Lists' })).toHaveAttribute('href', '/gift-registry/');
    expect(within(banner).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(fetchedUrls(fetchMock)).toEqual(['/globalresource/header/?deptMenu=omit']);
  });

  it('still renders a guest header when the data fails', async () => {
    mockApi({});
    renderInRouter(<Header />);
    await screen.findByRole('button', { name: 'Find Your Store' });
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account/ })).toBeInTheDocument();
  });

  it('marks the logo as the current page on the home page only, and the cart link on the cart page', async () => {
    mockApi({ '/globalresource/header/': headerFixture() });
    const { router } = renderInRouter(<Header />, '/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Storefront' })).toHaveAttribute('aria-current', 'page');
    expect(within(banner).getByRole('link', { name: /^Cart/ })).not.toHaveAttribute('aria-current');

    await act(() => router.navigate('/cart/'));
    expect(within(banner).getByRole('link', { name: 'Storefront' })).not.toHaveAttribute('aria-current');
    expect(within(banner).getByRole('link', { name: /^Cart/ })).toHaveAttribute('aria-current', 'page');
  });
});
