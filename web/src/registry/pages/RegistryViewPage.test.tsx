import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInPanel } from '../../account/signInPanelStore';
import { JANESVILLE, renderInRouter, setSession } from '../../header/testing';
import { useSession } from '../../session';
import { productFixture } from '../../shared/api/testing';
import { INVALID_SHARE_LINK_MESSAGE } from '../common';
import { BUCKET, mockRegistryApi, notFound, ROPE } from '../testing';
import { RegistryViewPage } from './RegistryViewPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const PICKUP_ONLY = productFixture('2000003', {
  name: 'Bagged Feed',
  fulfillment: { shipToHome: false, storePickup: true, sameDayDelivery: false },
});

function shared(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jane & Sam',
    eventType: 'Wedding',
    eventDate: '2026-06-14',
    items: [
      { blainNumber: ROPE.blainNumber, quantity: 2, addedAt: '2025-03-02T10:00:00Z', product: ROPE },
      { blainNumber: BUCKET.blainNumber, quantity: 1, addedAt: '2025-03-03T10:00:00Z', product: BUCKET },
      { blainNumber: PICKUP_ONLY.blainNumber, quantity: 4, addedAt: '2025-03-03T10:00:00Z', product: PICKUP_ONLY },
      { blainNumber: '7777777', quantity: 1, addedAt: '2025-03-04T10:00:00Z', product: null },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  // A guest: the page needs no sign-in.
  setSession(JANESVILLE);
});

function renderPage(path = '/gift-registry/view/?key=k1') {
  const user = userEvent.setup();
  renderInRouter(<RegistryViewPage />, path);
  return { user };
}

function item(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!;
}

describe('a shared registry', () => {
  it('shows the name, the event and date, and each item with the quantity wanted and Add to Cart', async () => {
    const { calls } = mockRegistryApi({ 'GET /api/registry/shared': shared() });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' })).toBeVisible();
    expect(document.title).toBe('Jane & Sam | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/^noindex/);
    expect(document.querySelector('.registry-summary')).toHaveTextContent('Wedding · June 14, 2026 · 4 items');
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/registry/shared?key=k1', token: null });

    const rope = item('Manila Rope, 1/2 in');
    expect(within(rope).getByRole('link', { name: 'Manila Rope, 1/2 in' })).toHaveAttribute('href', ROPE.url);
    expect(rope).toHaveTextContent('$29.79');
    expect(rope).toHaveTextContent('Wanted: 2');
    expect(within(rope).getByRole('button', { name: 'Add to Cart: Manila Rope, 1/2 in' })).toBeEnabled();
    // Nothing for the registrant to change here.
    expect(within(rope).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(rope).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    const gone = item('Item #7777777');
    expect(gone).toHaveTextContent('This item is no longer available.');
    expect(within(gone).queryByRole('button')).not.toBeInTheDocument();
    expect(useSignInPanel.getState().isOpen).toBe(false);
  });

  it('Add to Cart adds one of the item and says so', async () => {
    const { calls } = mockRegistryApi({
      'GET /api/registry/shared': shared(),
      'POST /products/a/addtocart': { success: true, resultCode: 'Success', cartQty: 1, lineCount: 1 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart: Galvanized Bucket' }));

    const bucket = item('Galvanized Bucket');
    expect(await within(bucket).findByText('Added to your cart.')).toBeVisible();
    expect(within(bucket).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart/');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/products/a/addtocart',
      body: { blainNumber: '1000002', quantity: 1, fulfillmentType: 'ShipToHome' },
    });
  });

  it('an item that only stores have goes to the visitor’s store', async () => {
    const { calls } = mockRegistryApi({
      'GET /api/registry/shared': shared(),
      'POST /products/a/addtocart': { success: true, resultCode: 'Success', cartQty: 1, lineCount: 1 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart: Bagged Feed' }));

    expect(await within(item('Bagged Feed')).findByText('Added to your cart.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      blainNumber: '2000003',
      quantity: 1,
      fulfillmentType: 'StorePickup',
      storeNum: 1,
    });
  });

  it('a refused add shows the server’s words', async () => {
    mockRegistryApi({
      'GET /api/registry/shared': shared(),
      'POST /products/a/addtocart': { success: false, resultCode: 'MaxLines', message: 'Your cart is full.', cartQty: 50 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Add to Cart: Manila Rope, 1/2 in' }));

    expect(await within(item('Manila Rope, 1/2 in')).findByRole('alert')).toHaveTextContent('Your cart is full.');
  });

  it('an empty registry says there is nothing yet', async () => {
    mockRegistryApi({ 'GET /api/registry/shared': shared({ items: [] }) });
    renderPage();
    expect(await screen.findByText(/There is nothing on this registry yet/)).toBeVisible();
  });
});

describe('a link that is not valid', () => {
  it('an unknown or unshared key says so', async () => {
    mockRegistryApi({ 'GET /api/registry/shared': notFound });
    renderPage('/gift-registry/view/?key=nope');

    expect(await screen.findByText(INVALID_SHARE_LINK_MESSAGE)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Gift Registry' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'learn about gift registries' })).toHaveAttribute('href', '/gift-registry/');
  });

  it('no key asks nothing and says so', async () => {
    const { calls } = mockRegistryApi({});
    renderPage('/gift-registry/view/');
    expect(await screen.findByText(INVALID_SHARE_LINK_MESSAGE)).toBeVisible();
    expect(calls).toEqual([]);
  });
});
