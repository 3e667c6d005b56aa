// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailsFixture } from '../shared/api/testing';
import type { Manifest } from './assets';
import { render } from './render';

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  'src/product/pages/ProductPage.tsx': { file: 'assets/ProductPage-1.js', css: ['assets/ProductPage-1.css'] },
};

const API = 'http://127.0.0.1:8080';
let answers: Record<string, () => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = new URL(String(input));
  return answers[`${url.pathname}${url.search}`]?.() ?? new Response('{}', { status: 404 });
});

beforeEach(() => {
  answers = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const ROPE = detailsFixture('4935743', { name: 'Manila Rope, 1/2 in' });
const STORE = { storeNum: 1, city: 'Janesville', cityAlias: 'Janesville', state: 'WI', urlAlias: 'janesville-wi' };
const HEADER = {
  loggedIn: false,
  localStoreName: 'Janesville, WI',
  localStoreJson: STORE,
  cartSummaryJson: { cartQty: 2 },
  deptMenuVersion: 'm1',
};

describe('a page rendered on the server', () => {
  it('shows the product, its price and its chunk, and carries the answer for hydration', async () => {
    answers['/api/product/4935743'] = () => Response.json(ROPE);
    const page = await render({ url: '/product/4935743/manila-rope/', api: API, cookie: 'sf_store=1' }, MANIFEST);
    expect(page).not.toBeNull();
    expect(page!.body).toMatch(/<h1[^>]*>Manila Rope, 1\/2 in<\/h1>/);
    expect(page!.body).toContain('$29.79');
    expect(page!.head).toBe(
      '<link rel="stylesheet" href="/assets/ProductPage-1.css"><link rel="modulepreload" href="/assets/ProductPage-1.js">',
    );
    expect(JSON.parse(page!.data).api['/api/product/4935743'].name).toBe('Manila Rope, 1/2 in');
    // Asked of the store's API, for the visitor.
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `${API}/api/product/4935743`)!;
    expect(new Headers(init?.headers).get('Cookie')).toBe('sf_store=1');
  });

  it("shows the visitor's store, the product's stock there and the banner's ad, and carries them for hydration", async () => {
    answers['/api/product/4935743'] = () => Response.json(ROPE);
    answers['/globalresource/header/?deptMenu=omit'] = () => Response.json(HEADER);
    answers['/products/a/stockstatus-json'] = () =>
      Response.json({
        resolutionType: 'Success',
        statusList: [
          { store: { ...STORE, storeNum: 2, city: 'Madison' }, inventory: { isStocked: true, storeOnHand: 9, ecomOnHand: 0 } },
          { store: STORE, inventory: { isStocked: true, storeOnHand: 3, ecomOnHand: 0 } },
        ],
      });
    answers['/globalresource/sponsored-ad/'] = () =>
      Response.json({ adId: 'ad-7', desktopImage: '/images/ads/a.svg', ctaLink: '/tires/', ctaAccessibleText: 'Shop tires' });
    const page = await render({ url: '/product/4935743/manila-rope/', api: API, cookie: 'sf_store=1' }, MANIFEST);
    expect(page!.body).toContain('Your store: <strong>Janesville, WI</strong>');
    expect(page!.body).toMatch(/data-ad-id="ad-7"[^]*src="\/images\/ads\/a.svg"/);
    expect(page!.body).toMatch(/data-stock-status="[A-Za-z]+"/);
    const api = JSON.parse(page!.data).api;
    // Not the department menu: the browser fetches it by its version.
    expect(Object.keys(api).filter((key) => key.includes('dept-menu'))).toEqual([]);
    expect(api['/globalresource/header/?deptMenu=omit'].localStoreName).toBe('Janesville, WI');
    expect(
      api['POST /products/a/stockstatus-json {"blainNumber":"4935743","storeNum":1,"mustIncludeLocalStore":true}'],
    ).toMatchObject({ resolutionType: 'Success', statusList: [{ store: { storeNum: 1 } }] });
    // Only the visitor's store's stock goes into the page.
    expect(api['POST /products/a/stockstatus-json {"blainNumber":"4935743","storeNum":1,"mustIncludeLocalStore":true}'].statusList).toHaveLength(1);
    // The stock is asked for the store the header names, for this product.
    const [, stockInit] = fetchMock.mock.calls.find(([url]) => String(url) === `${API}/products/a/stockstatus-json`)!;
    expect(JSON.parse(String(stockInit?.body))).toEqual({ blainNumber: '4935743', storeNum: 1, mustIncludeLocalStore: true });
  });

  it('writes no title of its own (the store writes the head)', async () => {
    answers['/api/product/4935743'] = () => Response.json(ROPE);
    const page = await render({ url: '/product/4935743/manila-rope/', api: API, cookie: null }, MANIFEST);
    expect(page!.body.startsWith('<div class="app">')).toBe(true);
    expect(page!.body).not.toContain('<title>');
  });

  it('keeps its data inert inside the script element', async () => {
    answers['/api/product/4935743'] = () => Response.json({ ...ROPE, name: 'Rope </script><script>alert(1)</script>' });
    const page = await render({ url: '/product/4935743/rope/', api: API, cookie: null }, MANIFEST);
    expect(page!.data).not.toContain('<');
    expect(JSON.parse(page!.data).api['/api/product/4935743'].name).toBe('Rope </script><script>alert(1)</script>');
  });

  it('shows what loads when the API fails, and leaves the answer to the browser', async () => {
    answers['/api/product/4935743'] = () => new Response('', { status: 503 });
    const page = await render({ url: '/product/4935743/manila-rope/', api: API, cookie: null }, MANIFEST);
    expect(page!.body).not.toContain('Manila Rope');
    expect(JSON.parse(page!.data).api).toEqual({});
  });

  it('renders a content page from its route loader', async () => {
    const page = await render({ url: '/about-us/', api: API, cookie: null }, MANIFEST);
    expect(page!.body).toMatch(/<h1[^>]*>About Us<\/h1>/);
    expect(Object.values(JSON.parse(page!.data).router.loaderData)).toContainEqual(expect.stringContaining('# About Us'));
  });

  it('leaves the cart, the account and checkout to the browser', async () => {
    for (const url of ['/cart/', '/account/', '/checkout/', '/account/orders/']) {
      expect(await render({ url, api: API, cookie: null }, MANIFEST)).toBeNull();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
