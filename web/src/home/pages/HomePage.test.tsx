import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDGETS } from '../../shared/api/product';
import { detailsFixture, productFixture, widget } from '../../shared/api/testing';
import { RECENTLY_VIEWED_KEY } from '../../product/recentlyViewed';
import { useSession } from '../../session';
import { useDepartmentsStore } from '../../catalog/departmentsStore';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { renderRoute } from '../../test/renderRoute';
import { resetTracking } from '../../shared/tracking/hawk';
import { hawkRequests, recordHawkRequests, type RecordingImage } from '../../shared/tracking/testing';

// Lazy routes and a busy machine: allow time.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let images: RecordingImage[];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
  if (!handler) return new Response(null, { status: 204 });
  return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
});

function calls(key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

const HERO = {
  title: 'Everything for the farm, home and garage',
  text: 'Fencing, feed, tools and tires: all in one trip.',
  linkText: 'Shop spring deals',
  link: '/s/?keyword=spring',
  image: '/images/banners/hero-desktop.svg',
  imageMobile: '/images/banners/hero-mobile.svg',
  alt: 'A red barn and a pickup truck at sunrise',
};

const DEALS = {
  id: 'deals',
  title: 'Deals',
  link: '/s/?keyword=&sort=price-asc',
  products: [
    productFixture('100', { name: 'Garden Hose', price: '$19.99', priceCents: 1999, wasPriceCents: 2499, wasPrice: '$24.99' }),
    productFixture('101', { name: 'Hidden Price Grill', priceMode: 'BelowMap', belowMap: true, wasPriceCents: 9999, wasPrice: '$99.99' }),
  ],
};

const POPULAR = {
  id: 'popular',
  title: 'Popular right now',
  link: '/s/?keyword=&sort=rating',
  products: [productFixture('200', { name: 'Work Gloves', rating: 4.6, ratingCount: 31 })],
};

const HOME = {
  hero: HERO,
  featured: [DEALS, POPULAR],
  departments: [
    { id: 12, name: 'Lawn & Garden', url: '/lawn-garden/', image: '/images/products/123456_1.svg', imageAlt: 'A green garden hose' },
    { id: 14, name: 'Pet', url: '/pet/', image: '/images/products/222222_1.svg', imageAlt: 'A bag of dog food' },
  ],
};

const RECOMMENDED = {
  isSuccess: true,
  requestId: 'req-home',
  items: [widget(WIDGETS.alsoViewed, 'Customers Also Viewed', [productFixture('700', { name: 'Fence Pliers' }), productFixture('701', { name: 'Bale Hook' })])],
};

beforeEach(() => {
  routes = {
    'GET /api/home': () => Response.json(HOME),
    'GET /globalresource/header/': () => Response.json({ loggedIn: false, deptMenu: [], headerLinks: [], siteMessages: [] }),
    'GET /api/catalog/departments': () => Response.json([{ id: 1, name: 'Farm & Ranch', url: '/farm-ranch/', children: [] }]),
    'POST /api/recommendation/': () => Response.json(RECOMMENDED),
  };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  images = recordHawkRequests();
  resetTracking();
  window.localStorage.clear();
  useDepartmentsStore.getState().reset();
  useSession.getState().reset();
});

async function heroReady() {
  return screen.findByRole('heading', { name: HERO.title }, { timeout: 10_000 });
}

describe('home page', () => {
  it('shows the hero from site content: a responsive picture loaded first, its text and call to action', async () => {
    renderRoute('/');
    await heroReady();
    expect(screen.getByRole('heading', { level: 1, name: 'Farm, home & auto supplies' })).toBeInTheDocument();

    const hero = screen.getByRole('region', { name: HERO.title });
    const img = within(hero).getByRole('img', { name: HERO.alt });
    expect(img).toHaveAttribute('src', HERO.image);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '500');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading', 'lazy');
    const source = img.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('media', '(max-width: 767px)');
    expect(source).toHaveAttribute('srcset', HERO.imageMobile);
    expect(source).toHaveAttribute('width', '800');
    expect(source).toHaveAttribute('height', '600');

    expect(within(hero).getByText(HERO.text)).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Shop spring deals' })).toHaveAttribute('href', '/s/?keyword=spring');
    expect(document.title).toBe('Storefront | Farm, Home & Auto');
  });

  it('holds the space with placeholders while loading', async () => {
    let answer!: (r: Response) => void;
    routes['GET /api/home'] = () => new Promise<Response>((r) => (answer = r));
    renderRoute('/');
    expect(await screen.findByText('Loading…', { selector: '.home [role=status]' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.querySelector('.home-hero--skeleton')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: HERO.title })).toBeNull();

    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(Response.json(HOME));
    await heroReady();
    expect(document.querySelector('.home-hero--skeleton')).toBeNull();
    expect(screen.queryByText('Loading…', { selector: '.home [role=status]' })).toBeNull();
  });

  it('shows a carousel per featured list, in order, each with a Shop all link', async () => {
    renderRoute('/');
    await heroReady();
    const carousels = screen.getAllByRole('region').filter((r) => r.getAttribute('aria-roledescription') === 'carousel');
    expect(carousels.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Deals', 'Popular right now']);

    expect(screen.getByRole('link', { name: 'Shop all Deals' })).toHaveAttribute('href', '/s/?keyword=&sort=price-asc');
    expect(screen.getByRole('link', { name: 'Shop all Popular right now' })).toHaveAttribute('href', '/s/?keyword=&sort=rating');

    const deals = carousels[0]!;
    expect(within(deals).getByRole('link', { name: 'Garden Hose' })).toHaveAttribute('href', DEALS.products[0]!.url);
    expect(within(deals).getByRole('img', { name: 'Garden Hose' })).toHaveAttribute('loading', 'lazy');
    // On sale: the badge, the price and the was-price struck through.
    const hose = deals.querySelector('[data-blain-number="100"]')!;
    expect(hose).toHaveTextContent('$19.99');
    expect(within(hose as HTMLElement).getByText('Sale')).toBeInTheDocument();
    expect(within(hose as HTMLElement).getByText('$24.99').tagName).toBe('S');
    // Below MAP: no price and no was-price.
    const grill = deals.querySelector('[data-blain-number="101"]')!;
    expect(grill).toHaveTextContent('See price in cart');
    expect(grill).not.toHaveTextContent('$99.99');
    expect(grill).not.toHaveTextContent('Sale');

    const popular = carousels[1]!;
    expect(within(popular).getByRole('img', { name: 'Rated 4.6 out of 5, 31 ratings' })).toBeInTheDocument();
  });

  it('shows the departments with pictures, each linking to its page', async () => {
    renderRoute('/');
    await heroReady();
    const list = screen.getByRole('list', { name: 'Shop by department' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Lawn & Garden', '/lawn-garden/'],
      ['Pet', '/pet/'],
    ]);
    const picture = within(list).getByRole('img', { name: 'A green garden hose' });
    expect(picture).toHaveAttribute('src', '/images/products/123456_1.svg');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('width', '240');
    expect(picture).toHaveAttribute('height', '240');
    // The home answer has the departments: the department tree isn't asked for.
    expect(calls('GET /api/catalog/departments')).toHaveLength(0);
  });

  it('falls back to the department names when the home answer has no departments', async () => {
    routes['GET /api/home'] = () => Response.json({ ...HOME, departments: [] });
    renderRoute('/');
    await heroReady();
    const list = await screen.findByRole('list', { name: 'Shop by department' });
    expect(within(list).getByRole('link', { name: 'Farm & Ranch' })).toHaveAttribute('href', '/farm-ranch/');
  });

  it('leaves the hero out when site content has none', async () => {
    routes['GET /api/home'] = () => Response.json({ ...HOME, hero: null });
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Shop all Deals' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.querySelector('.home-hero')).toBeNull();
  });

  it('shows an error with Try again when the home call fails, and retries', async () => {
    let fail = true;
    routes['GET /api/home'] = () => (fail ? new Response('oops', { status: 500 }) : Response.json(HOME));
    renderRoute('/');
    const message = await screen.findByText(GENERIC_ERROR_MESSAGE, {}, { timeout: 10_000 });
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).not.toBeNull();
    // The departments still come, from the department tree.
    expect(await screen.findByRole('link', { name: 'Farm & Ranch' })).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await heroReady();
    expect(screen.queryByText(GENERIC_ERROR_MESSAGE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop all Deals' })).toBeInTheDocument();
  });
});

describe('Recommended for you', () => {
  it('is not shown, nor asked for, without products viewed', async () => {
    renderRoute('/');
    await heroReady();
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(calls('POST /api/recommendation/')).toHaveLength(0);
  });

  it('shows products like the most recently viewed one; a click is a RecommendationClick', async () => {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(['555', '444']));
    const { router } = renderRoute('/');
    const section = await screen.findByRole('region', { name: 'Recommended for you' }, { timeout: 10_000 });
    expect(calls('POST /api/recommendation/')).toEqual([
      expect.objectContaining({
        widgetUids: [{ widgetGuid: '3c1f7f0e-2b8e-4d52-9a51-6f0b8f7a2c11', uniqueId: '555' }],
      }),
    ]);
    expect(within(section).getByRole('link', { name: 'Bale Hook' })).toBeInTheDocument();

    fireEvent.click(within(section).getByRole('link', { name: 'Bale Hook' }));
    await waitFor(() => {
      const clicks = hawkRequests(images).filter((r) => r.et === 10);
      expect(clicks.map((r) => r.event)).toEqual([
        expect.objectContaining({
          event: 'RecommendationClick',
          widget_guid: WIDGETS.alsoViewed,
          unique_id: '701',
          item_index: 1,
          request_id: 'req-home',
        }),
      ]);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/701/bale-hook/'));
  });

  it('is hidden when the recommendation answers no products, or fails', async () => {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(['555']));
    routes['POST /api/recommendation/'] = () =>
      Response.json({ isSuccess: true, requestId: 'r', items: [widget(WIDGETS.alsoViewed, 'Customers Also Viewed', [])] });
    const first = renderRoute('/');
    await heroReady();
    await waitFor(() => expect(calls('POST /api/recommendation/')).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    first.unmount();

    routes['POST /api/recommendation/'] = () => new Response('oops', { status: 500 });
    renderRoute('/');
    await heroReady();
    await waitFor(() => expect(calls('POST /api/recommendation/')).toHaveLength(2));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByRole('region', { name: 'Recommended for you' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop all Deals' })).toBeInTheDocument();
  });

  it('after visiting a product page, the home page recommends products like it', async () => {
    routes['GET /api/product/4935743'] = () => Response.json(detailsFixture('4935743', { name: 'Manila Rope' }));
    routes['GET /products/a/getbundleforproduct'] = () =>
      Response.json({ blainNumber: '4935743', items: [], totalPriceCents: 0, totalPrice: '$0.00' });
    const { router } = renderRoute('/product/4935743/manila-rope/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manila Rope' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]')).toEqual(['4935743']));

    await act(() => router.navigate('/'));
    const section = await screen.findByRole('region', { name: 'Recommended for you' }, { timeout: 10_000 });
    expect(within(section).getByRole('link', { name: 'Fence Pliers' })).toBeInTheDocument();
    expect(calls('POST /api/recommendation/').at(-1)).toMatchObject({
      widgetUids: [{ widgetGuid: WIDGETS.alsoViewed, uniqueId: '4935743' }],
    });
  });
});
