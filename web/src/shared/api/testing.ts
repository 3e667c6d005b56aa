/** Test fixtures for the product page and carousels (imported by tests only). */
import type { CartResult } from './cart';
import type { ProductDetails, RecommendationItem, RecommendationResponse } from './product';
import type { ProductSummary } from './productSummary';
import { WIDGETS } from './product';

export function productFixture(blainNumber: string, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const name = overrides.name ?? `Product ${blainNumber}`;
  return {
    blainNumber,
    name,
    vendorBrand: 'Acme',
    url: `/product/${blainNumber}/${name.toLowerCase().replace(/\W+/g, '-')}/`,
    thumbnail: `/images/products/${blainNumber}_1.jpg`,
    images: [`/images/products/${blainNumber}_1.jpg`, `/images/products/${blainNumber}_2.jpg`],
    priceCents: 2979,
    price: '$29.79',
    mapPriceCents: null,
    priceMode: 'Regular',
    belowMap: false,
    kind: 'General',
    departmentId: 110202,
    departmentPath: ['Hardware', 'Chain & Rope', 'Rope & Cord'],
    warningLevel: 'NoWarning',
    requiresConfirmation: false,
    requiresAgreement: false,
    tireSize: null,
    attributes: [
      { name: 'Size', value: '1/2 in' },
      { name: 'Length', value: '20 ft' },
    ],
    fulfillment: { shipToHome: true, storePickup: true, sameDayDelivery: false },
    ecomOnHand: 136,
    discontinued: false,
    ...overrides,
  };
}

export function detailsFixture(blainNumber: string, overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    ...productFixture(blainNumber, overrides),
    description: 'Strong rope.\n\nGood for the farm.',
    warranties: [{ id: `PP2-${blainNumber}`, name: '2-Year Protection Plan', priceCents: 399, years: 2 }],
    departmentTrail: [
      { name: 'Hardware', url: '/hardware/' },
      { name: 'Rope & Cord', url: '/hardware/rope-cord/' },
    ],
    ...overrides,
  };
}

export function cartResult(resultCode: string, overrides: Partial<CartResult> = {}): CartResult {
  return { success: resultCode === 'Success', resultCode, cartQty: 0, lineCount: 0, ...overrides };
}

export function widget(widgetGuid: string, title: string, products: ProductSummary[]): RecommendationItem {
  return {
    widgetGuid,
    title,
    html: '',
    isVertical: false,
    isCarousel: true,
    carouselData: {
      showNextPrevButtons: true,
      showDots: false,
      autoRotate: false,
      autoRotateSpeed: 5000,
      animationSpeed: 400,
      nofVisible: 4,
      scrollNumber: 4,
      isCircular: false,
      enableResponsive: true,
      responseiveConfig: [
        { breakpoint: 1024, nofVisible: 3, scrollNumber: 3 },
        { breakpoint: 768, nofVisible: 2, scrollNumber: 2 },
        { breakpoint: 480, nofVisible: 1, scrollNumber: 1 },
      ],
    },
    products,
  };
}

export function recommendationsFixture(): RecommendationResponse {
  const similar = Array.from({ length: 6 }, (_, i) => productFixture(String(2000000 + i)));
  return {
    isSuccess: true,
    requestId: 'req-1',
    items: [
      widget(WIDGETS.similarItems, 'Similar Items', similar),
      widget(WIDGETS.popularInDepartment, 'Popular in Rope & Cord', [productFixture('3000000')]),
      widget(WIDGETS.alsoViewed, 'Customers Also Viewed', []),
    ],
  };
}
