import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { toProduct } from '../../shared/api/productSummary';
import { SORT_OPTIONS, type SearchItem } from '../../shared/api/search';
import { TIRE_SORTS } from '../../shared/api/tires';
import { withSort } from '../../search/state';
import { parseSearch, writeSearch } from '../../search/url';
import { SORT_LABELS } from '../../tires/sizeState';
import { product } from '../testing';
import { ProductCard } from './ProductCard';

function item(extra: Record<string, unknown> = {}): SearchItem {
  return { ...toProduct(product(1, extra))!, pinned: false, storeOnHand: null };
}

function renderCard(card: SearchItem) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ul>
            <ProductCard
              item={card}
              index={1}
              compared={false}
              onCompareChange={vi.fn()}
              onOpen={vi.fn()}
              onMoreLikeThis={vi.fn()}
              onDetails={vi.fn()}
            />
          </ul>
        ),
      },
    ],
    { initialEntries: ['/s/?keyword=rope'] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('listitem');
}

describe('listing product card', () => {
  it('shows the rating and the price', () => {
    const card = renderCard(item({ rating: 4.5, ratingCount: 12 }));
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5, 12 ratings' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Price: $11.00');
    expect(within(card).queryByText('Sale')).toBeNull();
  });

  it('shows no rating when the product has none', () => {
    const card = renderCard(item());
    expect(within(card).queryByRole('img', { name: /^Rated/ })).toBeNull();
  });

  it('on sale: the Sale badge and the was-price struck through', () => {
    const card = renderCard(item({ wasPriceCents: 1499, wasPrice: '$14.99' }));
    expect(within(card).getByText('Sale')).toBeInTheDocument();
    expect(within(card).getByText('$14.99').tagName).toBe('S');
    expect(card).toHaveTextContent('Sale price: $11.00 was $14.99');
  });

  it('below MAP: see price in cart, and no was-price', () => {
    const card = renderCard(item({ belowMap: true, priceMode: 'BelowMap', wasPriceCents: 1499, wasPrice: '$14.99' }));
    expect(within(card).getByText('See price in cart')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('$11.00');
    expect(card).not.toHaveTextContent('$14.99');
    expect(within(card).queryByText('Sale')).toBeNull();
  });
});

describe('sorts', () => {
  it('the listing offers Top Rated and Newest', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['relevance', 'price-asc', 'price-desc', 'name', 'brand', 'rating', 'newest']);
    expect(SORT_OPTIONS.find((o) => o.value === 'rating')?.label).toBe('Top Rated');
    expect(SORT_OPTIONS.find((o) => o.value === 'newest')?.label).toBe('Newest');
  });

  it('the URL keeps the new sorts', () => {
    for (const sort of ['rating', 'newest']) {
      const query = `keyword=rope&sort=${sort}`;
      expect(writeSearch(parseSearch(query))).toBe(query);
      expect(writeSearch(withSort(parseSearch('keyword=rope&pg=3'), sort))).toBe(query);
    }
  });

  it('tires and batteries offer them too, each with a label', () => {
    expect(TIRE_SORTS).toEqual(expect.arrayContaining(['rating', 'newest']));
    for (const sort of TIRE_SORTS) expect(SORT_LABELS[sort]).toBeTruthy();
  });
});
