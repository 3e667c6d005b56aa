import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGE_TYPES } from './codes';
import { resetTracking } from './hawk';
import { pageTypeFor, usePageLoadTracking } from './pageLoad';
import { hawkRequests, recordHawkRequests, type RecordingImage } from './testing';

let images: RecordingImage[];

beforeEach(() => {
  resetTracking();
  images = recordHawkRequests();
});

describe('pageTypeFor', () => {
  it('product pages, the cart and order confirmation; everything else custom', () => {
    expect(pageTypeFor('/product/1234567/stock-tank/')).toBe(PAGE_TYPES.itemDetails);
    expect(pageTypeFor('/cart/')).toBe(PAGE_TYPES.shoppingCart);
    expect(pageTypeFor('/order-confirmation/')).toBe(PAGE_TYPES.orderConfirmation);
    expect(pageTypeFor('/checkout/confirmation/')).toBe(PAGE_TYPES.orderConfirmation);
    for (const path of ['/', '/blog/', '/s/', '/store-finder/', '/cart/items/', '/products/']) {
      expect(pageTypeFor(path)).toBe(PAGE_TYPES.custom);
    }
  });
});

let rerenderLayout: () => void = () => {};

function Layout() {
  usePageLoadTracking();
  const [, setCount] = useState(0);
  rerenderLayout = () => setCount((c) => c + 1);
  return <Outlet />;
}

function setup(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: '*', element: <p>page</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('usePageLoadTracking', () => {
  it('one PageLoad for the first page and one per navigation, not per render', async () => {
    const router = setup('/blog/?page=2');
    expect(hawkRequests(images)).toHaveLength(1);
    const first = hawkRequests(images)[0]!;
    expect(first.et).toBe(1);
    expect(first.event).toMatchObject({
      event: 'PageLoad',
      version: 'v2',
      type_id: 5,
      request_path: '/blog/',
      qs: 'page=2',
      url: window.location.href,
    });
    expect(first.event).not.toHaveProperty('unique_id');

    act(() => rerenderLayout());
    act(() => rerenderLayout());
    expect(hawkRequests(images)).toHaveLength(1);

    await act(() => router.navigate('/product/1234567/stock-tank/'));
    await act(() => router.navigate('/cart/'));
    act(() => rerenderLayout());
    const events = hawkRequests(images).map((r) => r.event);
    expect(events).toHaveLength(3);
    expect(events[1]).toMatchObject({ type_id: 1, request_path: '/product/1234567/stock-tank/', unique_id: '1234567', qs: '' });
    expect(events[2]).toMatchObject({ type_id: 3, request_path: '/cart/' });

    // The same URL again is a new navigation.
    await act(() => router.navigate('/cart/'));
    expect(hawkRequests(images)).toHaveLength(4);

    // A page rewriting its own URL (replace) is the same page view.
    await act(() => router.navigate('/s/?keyword=rope&pg=1', { replace: true }));
    expect(hawkRequests(images)).toHaveLength(4);
    // Back and forward are page views again.
    await act(() => router.navigate(-1));
    expect(hawkRequests(images)).toHaveLength(5);
  });
});
