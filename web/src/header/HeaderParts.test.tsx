import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session';
import { badgeText, cartLabel, CartLink } from './CartLink';
import { OPEN_STORE_MENU_EVENT, StoreLink } from './StoreLink';
import { JANESVILLE, renderInRouter, setSession } from './testing';

beforeEach(() => {
  useSession.getState().reset();
});

describe('CartLink', () => {
  it('links to /cart/ with the count in its name and a badge', () => {
    setSession({ cartSummaryJson: { cartQty: 3 } });
    renderInRouter(<CartLink />);
    const link = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(link).toHaveAttribute('href', '/cart/');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
  });

  it('has no badge when empty and says 1 item in the singular', () => {
    setSession();
    const { unmount } = renderInRouter(<CartLink />);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    unmount();
    expect(cartLabel(1)).toBe('Cart, 1 item');
    expect(badgeText(120)).toBe('99+');
  });

  it('follows the session store', () => {
    setSession();
    renderInRouter(<CartLink />);
    useSession.getState().setCartQty(2);
    return vi.waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument());
  });
});

describe('StoreLink', () => {
  it('shows the store name with Change, which opens the store menu', async () => {
    setSession(JANESVILLE);
    const listener = vi.fn();
    window.addEventListener(OPEN_STORE_MENU_EVENT, listener);
    renderInRouter(<StoreLink />);

    expect(screen.getByText('Janesville, WI')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find Your Store' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change store, Janesville, WI' }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(OPEN_STORE_MENU_EVENT, listener);
  });

  it('shows Find Your Store without a store', async () => {
    setSession();
    const listener = vi.fn();
    window.addEventListener('storefront:open-store-menu', listener);
    renderInRouter(<StoreLink />);

    expect(screen.queryByRole('button', { name: /Change/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Find Your Store' }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener('storefront:open-store-menu', listener);
  });
});
