import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { AccountMenu } from './AccountMenu';
import { DESTINATION_KEY } from './destination';
import { SignInPanelHost } from './SignInPanelHost';
import { useSignInPanel } from './signInPanelStore';

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
});

function setup(path = '/') {
  const user = userEvent.setup();
  const result = renderInRouter(
    <>
      <AccountMenu />
      <SignInPanelHost />
      <button type="button">Elsewhere</button>
    </>,
    path,
  );
  const toggle = screen.getByRole('button', { name: /Account/ });
  return { user, toggle, ...result };
}

function menuLinks(): string[] {
  const toggle = screen.getByRole('button', { name: /Account/ });
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return within(panel).queryAllByRole('link').map((a) => a.textContent ?? '');
}

describe('AccountMenu', () => {
  it('is a closed disclosure button at first', () => {
    const { toggle } = setup();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeVisible();
  });

  it('guests see Sign In, Create Account and Track Order (and the account links), no Sign Out', async () => {
    const { user, toggle } = setup('/pet/');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menuLinks()).toEqual(['Sign In', 'Create Account', 'Account Home', 'Orders', 'Rewards', 'Track Order']);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/account/login/?refUrl=%2Fpet%2F');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/account/login/?create=1&refUrl=%2Fpet%2F',
    );
    expect(screen.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/account/track-your-order/');
  });

  it('signed-in customers see the account links, Track Order and Sign Out', async () => {
    setSession(SIGNED_IN);
    const { user, toggle } = setup('/pet/?pg=2');
    expect(toggle).toHaveTextContent('Hi, Jane');
    await user.click(toggle);

    expect(menuLinks()).toEqual(['Account Home', 'Orders', 'Rewards', 'Track Order', 'Sign Out']);
    expect(screen.getByRole('link', { name: 'Sign Out' })).toHaveAttribute(
      'href',
      '/account/logout/?refUrl=%2Fpet%2F%3Fpg%3D2',
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/account/orders/');
    expect(screen.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/account/rewards/');
    expect(screen.getByRole('link', { name: 'Account Home' })).toHaveAttribute('href', '/account/');
  });

  it('shows Registries only when the customer has registries', async () => {
    setSession({ ...SIGNED_IN, customer: { firstName: 'Jane', customerHasRegistries: true } });
    const { user, toggle } = setup();
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Registries' })).toHaveAttribute('href', '/gift-registry/list/');
  });

  it('omits refUrl from Sign Out on the home page', async () => {
    setSession(SIGNED_IN);
    const { user, toggle } = setup('/');
    await user.click(toggle);
    expect(screen.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/account/logout/');
  });

  it('closes on Escape with focus back on the toggle', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on an outside click and when focus leaves, without moving focus back', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(document.body);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(elsewhere).toHaveFocus();
  });

  it('toggles closed with a second click', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('account links for guests', () => {
  it.each([
    ['Orders', '/account/orders/'],
    ['Account Home', '/account/'],
    ['Rewards', '/account/rewards/'],
  ])('%s opens the sign-in panel, remembers the destination, and Escape returns focus', async (name, path) => {
    const { user, toggle, router } = setup('/pet/');
    await user.click(toggle);

    await user.click(screen.getByRole('link', { name }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).getByLabelText(/^Email Address/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pet/');
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe(path);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('signed-in customers navigate to Orders', async () => {
    setSession(SIGNED_IN);
    const { user, toggle, router } = setup('/pet/');
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Orders' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('Sign In and Create Account open the panel on pages 0 and 1', async () => {
    const { user, toggle } = setup();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Create Rewards Account' })).toBeInTheDocument();
    expect(useSignInPanel.getState().page).toBe(1);
    await user.keyboard('{Escape}');

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeInTheDocument();
    expect(useSignInPanel.getState().page).toBe(0);
  });
});
