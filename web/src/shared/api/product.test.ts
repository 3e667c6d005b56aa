import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailsFixture, productFixture, recommendationsFixture } from './testing';
import { isCartResultCode } from './cart';
import {
  addToCart,
  bundleToCart,
  fetchBundle,
  fetchProduct,
  fetchRecommendations,
  productPageRecommendations,
  updateWarranty,
  WIDGETS,
} from './product';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastCall() {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  const headers = new Headers(init?.headers);
  return {
    url: String(input),
    method: init?.method,
    headers,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
}

describe('fetchProduct', () => {
  it('reads the product page data', async () => {
    fetchMock.mockResolvedValue(Response.json(detailsFixture('4935743')));
    const product = await fetchProduct('4935743');
    expect(lastCall().url).toBe('/api/product/4935743');
    expect(product?.name).toBe('Product 4935743');
    expect(product?.warranties).toHaveLength(1);
    expect(product?.description).toContain('Strong rope.');
  });

  it('answers null for an unknown product (404)', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ code: 'NotFound', message: 'Product not found.' }, { status: 404 }),
    );
    expect(await fetchProduct('nope')).toBeNull();
  });

  it('fills missing lists and rejects an unreadable answer', async () => {
    const bare: Record<string, unknown> = { ...detailsFixture('1') };
    delete bare.images;
    delete bare.attributes;
    fetchMock.mockResolvedValueOnce(Response.json({ ...bare, warranties: null, description: null }));
    const product = await fetchProduct('1');
    expect(product?.images).toEqual([]);
    expect(product?.attributes).toEqual([]);
    expect(product?.warranties).toEqual([]);
    expect(product?.description).toBe('');

    fetchMock.mockResolvedValueOnce(Response.json({ hello: 'world' }));
    await expect(fetchProduct('1')).rejects.toThrow('A network error has occurred');
  });

  it('escapes the product number in the path', async () => {
    fetchMock.mockResolvedValue(Response.json(detailsFixture('1')));
    await fetchProduct('a/b?c');
    expect(lastCall().url).toBe('/api/product/a%2Fb%3Fc');
  });
});

describe('fetchBundle', () => {
  it('reads the items, and null for an unknown product', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        blainNumber: '9',
        items: [{ product: productFixture('10'), quantity: 2 }],
        totalPriceCents: 5958,
        totalPrice: '$59.58',
      }),
    );
    const bundle = await fetchBundle('9');
    expect(lastCall().url).toBe('/products/a/getbundleforproduct?blainNumber=9');
    expect(bundle?.items[0]?.quantity).toBe(2);
    expect(bundle?.totalPrice).toBe('$59.58');

    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Product not found.' }, { status: 404 }));
    expect(await fetchBundle('x')).toBeNull();
  });
});

describe('cart calls', () => {
  it('addToCart posts the request with an Idempotency-Key and reads the result code', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ success: true, resultCode: 'Success', cartQty: 3, lineCount: 1 }),
    );
    const result = await addToCart({ blainNumber: '1', quantity: 2, fulfillmentType: 'ShipToHome' });
    const call = lastCall();
    expect(call.url).toBe('/products/a/addtocart');
    expect(call.method).toBe('POST');
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(call.body).toEqual({ blainNumber: '1', quantity: 2, fulfillmentType: 'ShipToHome' });
    expect(result).toEqual({ success: true, resultCode: 'Success', cartQty: 3, lineCount: 1 });
  });

  it('passes the caller’s idempotency key', async () => {
    fetchMock.mockResolvedValue(Response.json({ success: false, resultCode: 'CannotAdd', cartQty: 0, lineCount: 0 }));
    await bundleToCart({ blainNumber: '1', quantity: 1 }, { idempotencyKey: 'key-1' });
    expect(lastCall().url).toBe('/products/a/bundletocart');
    expect(lastCall().headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('keeps the server message and unknown codes; rejects answers without a code', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: false, resultCode: 'Weird', message: 'Hmm', cartQty: 1, lineCount: 1 }),
    );
    const result = await updateWarranty({ lineId: 1, warrantyId: 'w' });
    expect(lastCall().url).toBe('/products/a/update-warranty');
    expect(result.resultCode).toBe('Weird');
    expect(result.message).toBe('Hmm');
    expect(isCartResultCode(result.resultCode)).toBe(false);

    fetchMock.mockResolvedValueOnce(Response.json({ success: true }));
    await expect(addToCart({ blainNumber: '1', quantity: 1 })).rejects.toThrow();
  });

  it('knows the six result codes of the spec', () => {
    for (const code of ['Success', 'CannotAdd', 'MaxLines', 'PickupDeliveryError', 'RequireConfirmation', 'RequireAgreement']) {
      expect(isCartResultCode(code)).toBe(true);
    }
  });
});

describe('recommendations', () => {
  it('asks for the three widgets for the product', async () => {
    fetchMock.mockResolvedValue(Response.json(recommendationsFixture()));
    const answer = await productPageRecommendations('4935743');
    const call = lastCall();
    expect(call.url).toBe('/api/recommendation/');
    expect(call.method).toBe('POST');
    expect(call.body.widgetUids).toEqual([
      { widgetGuid: WIDGETS.similarItems, uniqueId: '4935743' },
      { widgetGuid: WIDGETS.popularInDepartment, uniqueId: '4935743' },
      { widgetGuid: WIDGETS.alsoViewed, uniqueId: '4935743' },
    ]);
    expect(call.body.contextProperties).toEqual({ uniqueId: '4935743' });
    expect(answer.requestId).toBe('req-1');
    expect(answer.items.map((i) => i.products.length)).toEqual([6, 1, 0]);
    expect(answer.items[0]?.carouselData?.nofVisible).toBe(4);
  });

  it('skips unreadable items and products, and names untitled widgets', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        isSuccess: true,
        requestId: 'r',
        items: [
          null,
          { widgetGuid: WIDGETS.alsoViewed, products: [{ nope: 1 }, productFixture('5')] },
        ],
      }),
    );
    const answer = await fetchRecommendations({ widgetUids: [] });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]?.title).toBe('Customers Also Viewed');
    expect(answer.items[0]?.products.map((p) => p.blainNumber)).toEqual(['5']);
    expect(answer.items[0]?.carouselData).toBeNull();
    expect(answer.items[0]?.isCarousel).toBe(true);
  });
});
