import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inTurn, mockAccountApi } from '../../account/pages/testing';
import { useSignInPanel } from '../../account/signInPanelStore';
import { JANESVILLE, renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { orderJson } from '../testing';
import { TrackOrderPage, validateEmailOrZip } from './TrackOrderPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const NOT_FOUND = "We couldn't find an order with that number and email or ZIP code.";

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  // A guest: tracking needs no sign-in.
  setSession(JANESVILLE);
});

function renderPage(path = '/account/track-your-order/') {
  const user = userEvent.setup();
  const { router } = renderInRouter(<TrackOrderPage />, path);
  return { user, router };
}

const orderField = () => screen.getByRole('textbox', { name: /^Order number/ });
const emailOrZipField = () => screen.getByRole('textbox', { name: /^Email or ZIP code/ });
const trackButton = () => screen.getByRole('button', { name: 'Track order' });

describe('validateEmailOrZip', () => {
  it('requires a value; digits are a ZIP code, anything else an email address', () => {
    expect(validateEmailOrZip('')).toBe('This field is required.');
    expect(validateEmailOrZip('   ')).toBe('This field is required.');
    expect(validateEmailOrZip('53545')).toBeNull();
    expect(validateEmailOrZip(' 53545 ')).toBeNull();
    expect(validateEmailOrZip('5354')).toBe('Please enter a valid ZIP code.');
    expect(validateEmailOrZip('53545-1234')).toBe('Please enter a valid ZIP code.');
    expect(validateEmailOrZip('ann@example.com')).toBeNull();
    expect(validateEmailOrZip('ann@example')).toBe('Please enter a valid email address.');
    expect(validateEmailOrZip('ann')).toBe('Please enter a valid email address.');
  });
});

describe('track your order', () => {
  it('shows the form with labelled fields; the order number takes digits only', async () => {
    mockAccountApi({});
    const { user } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    expect(document.title).toBe('Track Your Order | Storefront');
    await user.type(orderField(), '10a00-0012 3');
    expect(orderField()).toHaveValue('100000123');
    expect(orderField()).toHaveAttribute('inputmode', 'numeric');
    // A guest is not pointed to the account's history.
    expect(screen.queryByRole('link', { name: 'Order History' })).not.toBeInTheDocument();
  });

  it('explains what is missing, focuses the first field in error and sends nothing', async () => {
    const { calls } = mockAccountApi({});
    const { user } = renderPage();

    await user.click(trackButton());
    expect(orderField()).toHaveFocus();
    expect(orderField()).toHaveAttribute('aria-invalid', 'true');
    expect(orderField()).toHaveAccessibleDescription('This field is required.');
    expect(emailOrZipField()).toHaveAccessibleDescription('This field is required.');

    await user.type(orderField(), '100000123');
    await user.type(emailOrZipField(), 'ann@example');
    await user.click(trackButton());
    expect(emailOrZipField()).toHaveFocus();
    expect(emailOrZipField()).toHaveAccessibleDescription('Please enter a valid email address.');

    await user.clear(emailOrZipField());
    await user.type(emailOrZipField(), '5354');
    await user.click(trackButton());
    expect(emailOrZipField()).toHaveAccessibleDescription('Please enter a valid ZIP code.');
    expect(calls).toEqual([]);
  });

  it('shows the order below the form and moves focus to it; the address stays the same', async () => {
    const { calls } = mockAccountApi({ 'POST /api/orders/track': orderJson() });
    const { user, router } = renderPage();

    await user.type(orderField(), '100000123');
    await user.type(emailOrZipField(), 'ann@example.com');
    await user.click(trackButton());

    const heading = await screen.findByRole('heading', { level: 2, name: 'Order 100000123' });
    expect(heading).toHaveFocus();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/orders/track', body: { orderNo: '100000123', emailOrZip: 'ann@example.com' }, token: null },
    ]);
    const view = screen.getByRole('region', { name: 'Order 100000123' });
    expect(view).toHaveTextContent('Status: Ready for pickup');
    const status = within(view).getByRole('heading', { level: 3, name: 'Order status' }).closest('section')!;
    expect(within(status).getAllByRole('listitem')[0]).toHaveTextContent('Order placed');
    expect(router.state.location.pathname).toBe('/account/track-your-order/');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a wrong pair shows the server’s words as an alert; the next try can succeed', async () => {
    mockAccountApi({
      'POST /api/orders/track': inTurn(
        Response.json({ success: false, code: 'NotFound', message: NOT_FOUND }, { status: 404 }),
        orderJson(),
      ),
    });
    const { user } = renderPage();

    await user.type(orderField(), '100000123');
    await user.type(emailOrZipField(), '53546');
    await user.click(trackButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
    expect(screen.queryByRole('region', { name: /^Order / })).not.toBeInTheDocument();

    await user.clear(emailOrZipField());
    await user.type(emailOrZipField(), '53545');
    await user.click(trackButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Order 100000123' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('too many tries asks to wait', async () => {
    mockAccountApi({
      'POST /api/orders/track': new Response(
        JSON.stringify({ success: false, code: 'TooManyRequests', message: 'Too many requests.' }),
        { status: 429, headers: { 'Retry-After': '300', 'Content-Type': 'application/json' } },
      ),
    });
    const { user } = renderPage();

    await user.type(orderField(), '100000123');
    await user.type(emailOrZipField(), 'ann@example.com');
    await user.click(trackButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Please wait a few minutes and try again.');
  });

  it('another failure says a network error occurred', async () => {
    mockAccountApi({ 'POST /api/orders/track': new Response('oops', { status: 500 }) });
    const { user } = renderPage();

    await user.type(orderField(), '100000123');
    await user.type(emailOrZipField(), 'ann@example.com');
    await user.click(trackButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('A network error has occurred');
  });

  it('?orderNo= fills the order number; a signed-in customer is pointed to the history', async () => {
    setSession(SIGNED_IN);
    mockAccountApi({});
    renderPage('/account/track-your-order/?orderNo=100000123');

    expect(orderField()).toHaveValue('100000123');
    expect(screen.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/account/orders/');
  });
});
