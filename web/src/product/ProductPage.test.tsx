import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetails } from '../shared/api/product';
import { headerFixture, JANESVILLE, setSession } from '../header/testing';
import { useSession } from '../session';
import { OPEN_STORE_MENU_EVENT, useStoreMenuStore } from '../storefinder/storeMenuStore';
import { storeFixture } from '../storefinder/testing';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../shared/tracking/testing';
import { ProductPage } from './pages/ProductPage';
import { cartResult, detailsFixture, productFixture, recommendationsFixture } from '../shared/api/testing';

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let images: RecordingImage[];
const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
  if (!handler) return new Response('{}', { status: 404 });
  return handler(init?.body ? JSON.parse(String(init.body)) : undefined, init ?? {});
});

/** Calls to `key` ('POST /products/a/addtocart'): bodies and idempotency keys. */
function calls(key: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}` === key;
    })
    .map(([, init]) => ({
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

/** Answers `key` with each body in turn (the last one repeats). */
function answer(key: string, ...bodies: unknown[]) {
  let i = 0;
  routes[key] = () => Response.json(bodies[Math.min(i++, bodies.length - 1)]);
}

function beacons(url: string): unknown[] {
  return beacon.mock.calls.filter(([u]) => u === url).map(([, data]) => JSON.parse(String(data)));
}

function product(overrides: Partial<ProductDetails> = {}) {
  answer('GET /api/product/4935743', detailsFixture('4935743', { name: 'Manila Rope, 1/2 in', ...overrides }));
}

function renderPage(path = '/product/4935743/manila-rope/') {
  const router = createMemoryRouter(
    [
      { path: '/product/:blainNumber/*', element: <ProductPage /> },
      { path: '/cart/', element: <h1>Cart</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function ready() {
  return screen.findByRole('heading', { level: 1, name: 'Manila Rope, 1/2 in' });
}

function addButton() {
  return screen.getByRole('button', { name: /add to cart/i });
}

beforeEach(() => {
  routes = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  images = recordHawkRequests();
  beacon.mockClear();
  Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  useSession.getState().reset();
  setSession();
  useStoreMenuStore.setState({ open: false, product: null });
  window.sessionStorage.clear();
  answer('GET /globalresource/header/', headerFixture({ cartSummaryJson: { cartQty: 3 }, itemsInCartCount: 3 }));
  answer('GET /products/a/getbundleforproduct', { blainNumber: '4935743', items: [], totalPriceCents: 0, totalPrice: '$0.00' });
  answer('POST /api/recommendation/', { isSuccess: true, requestId: 'r', items: [] });
  routes['POST /a/log/'] = () => new Response(null, { status: 204 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('product page', () => {
  it('shows the product: title, focused heading, brand, price, description and attributes', async () => {
    product();
    renderPage();
    const heading = await ready();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Manila Rope, 1/2 in | Storefront');
    expect(screen.getAllByText('Acme').length).toBeGreaterThan(0);
    expect(screen.getByText('$29.79')).toBeInTheDocument();
    expect(screen.getByText('Strong rope.')).toBeInTheDocument();
    expect(screen.getByText('Good for the farm.')).toBeInTheDocument();
    const specs = screen.getByRole('table');
    expect(within(specs).getByRole('rowheader', { name: 'Length' })).toBeInTheDocument();
    expect(within(specs).getByRole('cell', { name: '20 ft' })).toBeInTheDocument();
    // No rating in the data: none shown.
    expect(document.querySelector('.product-rating')).toBeNull();
    // No warning for NoWarning.
    expect(screen.queryByRole('region', { name: 'Product warning' })).toBeNull();
    // Images have a size and alt text.
    const main = screen.getByRole('img', { name: 'Manila Rope, 1/2 in, image 1 of 2' });
    expect(main).toHaveAttribute('width', '600');
    expect(main).toHaveAttribute('height', '600');
  });

  it("while the product loads: the page's placeholder, 'Loading…' announced; then the heading takes focus without scrolling", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((done) => (release = done));
    routes['GET /api/product/4935743'] = async () => {
      await answered;
      return Response.json(detailsFixture('4935743', { name: 'Manila Rope, 1/2 in' }));
    };
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    try {
      renderPage();
      expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
      const placeholder = document.querySelector('.product-skeleton');
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder?.querySelector('.product-skeleton__image')).not.toBeNull();
      expect(placeholder?.querySelectorAll('.product-skeleton__option')).toHaveLength(3);

      release();
      const heading = await ready();
      await waitFor(() => expect(heading).toHaveFocus());
      expect(document.querySelector('[data-skeleton]')).toBeNull();
      const headingFocus = focus.mock.contexts.findIndex((element) => element === heading);
      expect(focus.mock.calls[headingFocus]).toEqual([{ preventScroll: true }]);
    } finally {
      focus.mockRestore();
    }
  });

  it('leads back to its departments by a breadcrumb of links', async () => {
    product();
    renderPage();
    await ready();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(crumbs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Hardware', '/hardware/'],
      ['Rope & Cord', '/hardware/rope-cord/'],
    ]);
  });

  it('sends the product view beacon once with the product number', async () => {
    product();
    renderPage();
    await ready();
    // Sent from an effect, which may run just after the heading shows.
    await waitFor(() =>
      expect(beacons('/event/a/productview')).toEqual([
        { a: 'view', u: '/product/4935743/manila-rope/', b: '4935743', h: '1' },
      ]),
    );
  });

  it("MAP mode: 'See price in cart' and no amount", async () => {
    product({ priceMode: 'BelowMap', belowMap: true, mapPriceCents: 3397 });
    renderPage();
    await ready();
    expect(screen.getByText('See price in cart')).toBeInTheDocument();
    expect(screen.queryByText('$29.79')).toBeNull();
    expect(screen.queryByText('$33.97')).toBeNull();
  });

  it('shows the warning of the warning level, none for Unknown', async () => {
    product({ warningLevel: 'Full' });
    renderPage();
    await ready();
    const warning = screen.getByRole('region', { name: 'Product warning' });
    expect(warning).toHaveTextContent(/cancer and birth defects or other reproductive harm/);
  });

  it('shows a rating only when the data has one', async () => {
    product({ rating: 4.5, ratingCount: 12 });
    renderPage();
    await ready();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5, 12 ratings' })).toBeInTheDocument();
  });

  it('hides a picture that fails to load, keeping its space', async () => {
    product();
    renderPage();
    await ready();
    const main = screen.getByRole('img', { name: /image 1 of 2/ });
    fireEvent.error(main);
    expect(screen.queryByRole('img', { name: /image 1 of 2/ })).toBeNull();
    expect(document.querySelector('.gallery__main [data-image-missing]')).not.toBeNull();
    // The thumbnails choose the large picture.
    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: /image 2 of 2/ })).toHaveAttribute('src', '/images/products/4935743_2.jpg');
  });

  it('answers an unknown product with Product not found', async () => {
    routes['GET /api/product/nope'] = () =>
      Response.json({ code: 'NotFound', message: 'Product not found.' }, { status: 404 });
    renderPage('/product/nope/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });

  it('shows the generic failure with a retry when the product cannot be read', async () => {
    routes['GET /api/product/4935743'] = () => new Response('boom', { status: 500 });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    product();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await ready();
  });

  it('quantity takes digits only, at most 3', async () => {
    product();
    renderPage();
    await ready();
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '3');
    await userEvent.clear(input);
    await userEvent.type(input, 'a1b2345');
    expect(input).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue('124');
    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });
});

describe('add to cart', () => {
  it('Success: badge count from the answer, header refetched, Add2Cart event', async () => {
    product();
    answer('POST /products/a/addtocart', cartResult('Success', { cartQty: 3, lineCount: 1 }));
    renderPage();
    await ready();
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '2');
    await userEvent.click(addButton());
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart/');
    expect(calls('POST /products/a/addtocart').map((c) => c.body)).toEqual([
      { blainNumber: '4935743', quantity: 2, fulfillmentType: 'ShipToHome' },
    ]);
    expect(useSession.getState().cartQty).toBe(3);
    await waitFor(() => expect(calls('GET /globalresource/header/')).toHaveLength(1));
    const add2cart = hawkRequests(images).filter((r) => r.et === 4);
    expect(add2cart).toHaveLength(1);
    expect(add2cart[0]!.event).toMatchObject({
      event: 'Add2Cart',
      unique_id: '4935743',
      quantity: 2,
      price: 29.79,
      url: expect.any(String),
    });
  });

  it('sends the chosen protection plan', async () => {
    product();
    answer('POST /products/a/addtocart', cartResult('Success', { cartQty: 1 }));
    renderPage();
    await ready();
    await userEvent.click(screen.getByRole('radio', { name: /2-Year Protection Plan/ }));
    await userEvent.click(addButton());
    await screen.findByText('Added to your cart.');
    expect(calls('POST /products/a/addtocart')[0]!.body).toMatchObject({ warrantyId: 'PP2-4935743' });
  });

  it('RequireConfirmation: the dialog sends again with confirmed, under a new key', async () => {
    product({ requiresConfirmation: true });
    answer(
      'POST /products/a/addtocart',
      cartResult('RequireConfirmation', { message: 'Please confirm before adding this item to your cart.' }),
      cartResult('Success', { cartQty: 1 }),
    );
    renderPage();
    await ready();
    await userEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Please confirm before adding this item to your cart.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and Add to Cart' }));
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = calls('POST /products/a/addtocart');
    expect(sent.map((c) => c.body.confirmed)).toEqual([undefined, true]);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('RequireAgreement: accepting is required, then it sends again with agreed', async () => {
    product({ requiresAgreement: true });
    answer(
      'POST /products/a/addtocart',
      cartResult('RequireAgreement'),
      cartResult('Success', { cartQty: 2 }),
    );
    renderPage();
    await ready();
    await userEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Purchase agreement' });
    expect(dialog).toHaveTextContent(
      'Please accept the purchase agreement before adding this item to your cart.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and Add to Cart' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please accept the purchase agreement to continue.');
    expect(calls('POST /products/a/addtocart')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and Add to Cart' }));
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
    expect(calls('POST /products/a/addtocart').map((c) => c.body.agreed)).toEqual([undefined, true]);
  });

  it('confirmation then agreement: the last send carries both', async () => {
    product();
    answer(
      'POST /products/a/addtocart',
      cartResult('RequireConfirmation'),
      cartResult('RequireAgreement'),
      cartResult('Success', { cartQty: 1 }),
    );
    renderPage();
    await ready();
    await userEvent.click(addButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and Add to Cart' }));
    const agreement = await screen.findByRole('dialog', { name: 'Purchase agreement' });
    await userEvent.click(within(agreement).getByRole('checkbox'));
    await userEvent.click(within(agreement).getByRole('button', { name: 'Accept and Add to Cart' }));
    await screen.findByText('Added to your cart.');
    const bodies = calls('POST /products/a/addtocart').map((c) => c.body);
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toMatchObject({ confirmed: true, agreed: true });
  });

  it('Escape or Cancel closes a prompt without sending; focus returns to the button', async () => {
    product();
    answer('POST /products/a/addtocart', cartResult('RequireConfirmation'));
    renderPage();
    await ready();
    await userEvent.click(addButton());
    await screen.findByRole('dialog', { name: 'Please confirm' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(addButton()).toHaveFocus();
    expect(calls('POST /products/a/addtocart')).toHaveLength(1);
  });

  it.each([
    ['CannotAdd', 'You can buy at most 999 of this item.'],
    ['MaxLines', 'Your cart can hold at most 100 different items.'],
    ['PickupDeliveryError', 'This item is not available for pickup at your store.'],
  ])('%s shows the server message', async (code, message) => {
    product();
    answer('POST /products/a/addtocart', cartResult(code, { message }));
    renderPage();
    await ready();
    await userEvent.click(addButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveAttribute('data-result-code', code);
    expect(useSession.getState().cartQty).toBe(0);
    expect(hawkRequests(images).filter((r) => r.et === 4)).toEqual([]);
  });

  it.each([
    ['CannotAdd', 'This item cannot be added to your cart.'],
    ['MaxLines', 'Your cart is full. Please remove an item before adding another.'],
    ['PickupDeliveryError', 'This item is not available for the delivery option you chose.'],
  ])('%s without a message shows the default text', async (code, message) => {
    product();
    answer('POST /products/a/addtocart', cartResult(code));
    renderPage();
    await ready();
    await userEvent.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an unknown result code shows the generic failure and is reported', async () => {
    product();
    answer('POST /products/a/addtocart', cartResult('SomethingNew'));
    renderPage();
    await ready();
    await userEvent.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    await waitFor(() => expect(calls('POST /a/log/')).toHaveLength(1));
    expect(calls('POST /a/log/')[0]!.body.error).toContain('SomethingNew');
  });

  it('a failed call shows the generic failure', async () => {
    product();
    routes['POST /products/a/addtocart'] = () => new Response('{}', { status: 503 });
    renderPage();
    await ready();
    await userEvent.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it('pickup only: store pickup chosen, the local store stock shown, the store sent', async () => {
    setSession(JANESVILLE);
    product({ fulfillment: { shipToHome: false, storePickup: true, sameDayDelivery: false }, ecomOnHand: 0 });
    answer('POST /products/a/stockstatus-json', {
      resolutionType: 'Success',
      storeVariant: 'Store',
      statusList: [
        {
          store: storeFixture(1, 'Janesville'),
          inventory: { isStocked: true, storeOnHand: 4, ecomOnHand: 0 },
          stockLabel: 'Limited quantities in store',
          stockStatus: 'LimitedInStore',
        },
      ],
    });
    answer('POST /products/a/addtocart', cartResult('Success', { cartQty: 1 }));
    renderPage();
    await ready();
    const ship = screen.getByRole('radio', { name: /Ship to Home/ });
    expect(ship).toBeDisabled();
    expect(ship.closest('.fulfillment__option')).toHaveTextContent('Not available for shipping');
    const pickup = screen.getByRole('radio', { name: /Free Store Pickup/ });
    expect(pickup).toBeChecked();
    await waitFor(() =>
      expect(pickup.closest('.fulfillment__option')).toHaveTextContent('Janesville, WI: Limited quantities in store'),
    );
    expect(calls('POST /products/a/stockstatus-json')[0]!.body).toMatchObject({
      blainNumber: '4935743',
      storeNum: 1,
      mustIncludeLocalStore: true,
    });
    await userEvent.click(addButton());
    await screen.findByText('Added to your cart.');
    expect(calls('POST /products/a/addtocart')[0]!.body).toMatchObject({
      fulfillmentType: 'StorePickup',
      storeNum: 1,
    });
  });

  it('ship to home shows the web stock label for the quantity', async () => {
    product({ ecomOnHand: 12 });
    renderPage();
    await ready();
    const ship = screen.getByRole('radio', { name: /Ship to Home/ }).closest('.fulfillment__option')!;
    expect(ship).toHaveTextContent('In stock');
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    expect(ship).toHaveTextContent('Only 12 left!');
  });

  it('store availability opens the store menu for the product', async () => {
    setSession(JANESVILLE);
    product();
    answer('POST /products/a/stockstatus-json', { resolutionType: 'NotFound', storeVariant: 'Store', statusList: [] });
    renderPage();
    await ready();
    const opened: unknown[] = [];
    const listener = (e: Event) => opened.push((e as CustomEvent).detail);
    window.addEventListener(OPEN_STORE_MENU_EVENT, listener);
    await userEvent.click(screen.getByRole('button', { name: 'Check store availability' }));
    window.removeEventListener(OPEN_STORE_MENU_EVENT, listener);
    expect(opened).toEqual([
      { product: { blainNumber: '4935743', name: 'Manila Rope, 1/2 in', desiredQuantity: 1 } },
    ]);
  });

  it('a discontinued product cannot be added', async () => {
    product({ discontinued: true });
    renderPage();
    await ready();
    expect(screen.getByText('This item is no longer available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
  });
});

describe('bundle and recommendations', () => {
  it('adds the bundle through bundletocart', async () => {
    product();
    answer('GET /products/a/getbundleforproduct', {
      blainNumber: '4935743',
      items: [
        { product: productFixture('11', { name: 'Bundle part A' }), quantity: 1 },
        { product: productFixture('12', { name: 'Bundle part B' }), quantity: 2 },
      ],
      totalPriceCents: 8937,
      totalPrice: '$89.37',
    });
    answer('POST /products/a/bundletocart', cartResult('Success', { cartQty: 3 }));
    renderPage();
    await ready();
    const section = await screen.findByRole('region', { name: 'This bundle includes' });
    expect(within(section).getByRole('link', { name: 'Bundle part B' })).toBeInTheDocument();
    expect(section).toHaveTextContent('$89.37');
    await userEvent.click(within(section).getByRole('button', { name: 'Add Bundle to Cart' }));
    expect(await within(section).findByText('Added to your cart.')).toBeInTheDocument();
    expect(calls('POST /products/a/bundletocart')[0]!.body).toEqual({
      blainNumber: '4935743',
      quantity: 1,
      fulfillmentType: 'ShipToHome',
    });
    expect(useSession.getState().cartQty).toBe(3);
  });

  it('shows the recommendation carousels with products; a click tracks and opens the product 100 ms later', async () => {
    product();
    answer('POST /api/recommendation/', recommendationsFixture());
    const router = renderPage();
    await ready();
    const similar = await screen.findByRole('region', { name: 'Similar Items' });
    expect(screen.getByRole('region', { name: 'Popular in Rope & Cord' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Customers Also Viewed' })).toBeNull();
    // Viewed once per carousel (the beacons go out after the carousels render: waited for, as
    // on a loaded machine they may follow the regions by more than a tick).
    const views = () =>
      beacons('/event/a/analytics').filter(
        (e) => (e as { event: string }).event === 'product_carousel_view',
      );
    await waitFor(() => expect(views()).toHaveLength(2));

    const link = within(similar).getAllByRole('link')[1]!;
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/product/4935743/manila-rope/');
    expect(beacons('/event/a/carousel-click')).toEqual([
      expect.objectContaining({ itemListID: '7edca4d6-da59-40f7-9501-2e69e792497a', index: 1, blainNumber: '2000001' }),
    ]);
    const recClick = hawkRequests(images).filter((r) => r.et === 10);
    expect(recClick).toHaveLength(1);
    expect(recClick[0]!.event).toMatchObject({
      event: 'RecommendationClick',
      widget_guid: '7edca4d6-da59-40f7-9501-2e69e792497a',
      unique_id: '2000001',
      item_index: 1,
      request_id: 'req-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/2000001/product-2000001/'));
  });

  it('a failed recommendation call shows no carousel', async () => {
    product();
    routes['POST /api/recommendation/'] = () => new Response('{}', { status: 500 });
    renderPage();
    await ready();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(document.querySelector('.carousel')).toBeNull();
  });
});
