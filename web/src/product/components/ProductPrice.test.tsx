import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../shared/api/testing';
import { MAP_EXPLANATION, ProductPrice, SEE_PRICE_IN_CART, saleEndsText, wasPriceOf } from './ProductPrice';
import { ProductRating } from './Rating';

const regular = productFixture('1', { price: '$19.99', priceCents: 1999 });
const onSale = productFixture('2', { price: '$19.99', priceCents: 1999, wasPriceCents: 2499, wasPrice: '$24.99' });

describe('ProductPrice', () => {
  it('shows the price alone when the product is not on sale', () => {
    const { container } = render(<ProductPrice product={regular} size="page" />);
    expect(container).toHaveTextContent('Price: $19.99');
    expect(screen.queryByText('Sale')).toBeNull();
    expect(container.querySelector('s')).toBeNull();
  });

  it('on sale: a Sale badge, the price and “was $24.99” struck through', () => {
    const { container } = render(<ProductPrice product={onSale} size="page" />);
    expect(screen.getByText('Sale')).toBeVisible();
    const was = screen.getByText('$24.99');
    expect(was.tagName).toBe('S');
    expect(was.parentElement).toHaveTextContent(/^was \$24\.99$/);
    // Read as 'Sale price: $19.99 was $24.99' (the badge itself is not read twice).
    expect(container.querySelector('.product-price__amount')).toHaveTextContent('Sale price: $19.99 was $24.99');
    expect(screen.getByText('Sale')).toHaveAttribute('aria-hidden', 'true');
  });

  it('below MAP: “See price in cart”, no amount and no was-price even on sale', () => {
    const { container } = render(
      <ProductPrice product={{ ...onSale, priceMode: 'BelowMap', belowMap: true }} size="page" />,
    );
    expect(screen.getByText(SEE_PRICE_IN_CART)).toBeInTheDocument();
    expect(screen.getByText(MAP_EXPLANATION)).toBeInTheDocument();
    expect(container).not.toHaveTextContent('$19.99');
    expect(container).not.toHaveTextContent('$24.99');
    expect(screen.queryByText('Sale')).toBeNull();
  });

  it('says when the sale ends on the product page, not on a card', () => {
    const { container, unmount } = render(<ProductPrice product={{ ...onSale, saleEndsOn: '2026-12-31' }} size="page" />);
    expect(container.querySelector('.product-price__ends')).toHaveTextContent('Sale ends Thu, Dec 31');
    unmount();
    const card = render(<ProductPrice product={{ ...onSale, saleEndsOn: '2026-12-31' }} />);
    expect(card.container).not.toHaveTextContent('Sale ends');
  });

  it('names no end for a product not on sale, whatever the date says', () => {
    const { container } = render(<ProductPrice product={{ ...regular, saleEndsOn: '2026-12-31' }} size="page" />);
    expect(container).not.toHaveTextContent('Sale ends');
  });

  it('ignores a was-price that is not above the price', () => {
    const { container } = render(
      <ProductPrice product={{ ...onSale, wasPriceCents: 1999, wasPrice: '$19.99' }} />,
    );
    expect(screen.queryByText('Sale')).toBeNull();
    expect(container.querySelector('s')).toBeNull();
  });
});

describe('saleEndsText', () => {
  it('reads the day as written, in any time zone, and refuses what is not a day', () => {
    expect(saleEndsText('2027-01-01')).toBe('Sale ends Fri, Jan 1');
    expect(saleEndsText('2026-02-30')).toBeNull();
    expect(saleEndsText('12/31/2026')).toBeNull();
    expect(saleEndsText(null)).toBeNull();
    expect(saleEndsText(undefined)).toBeNull();
  });
});

describe('wasPriceOf', () => {
  it('is the was-price only for a shown price below it', () => {
    expect(wasPriceOf(onSale)).toBe('$24.99');
    expect(wasPriceOf(regular)).toBeNull();
    expect(wasPriceOf({ ...onSale, belowMap: true })).toBeNull();
    expect(wasPriceOf({ ...onSale, priceMode: 'BelowMap' })).toBeNull();
    expect(wasPriceOf({ ...onSale, wasPrice: ' ' })).toBeNull();
    expect(wasPriceOf({ ...onSale, wasPriceCents: 1000 })).toBeNull();
  });
});

describe('ProductRating', () => {
  it('shows the average out of 5 and the number of ratings', () => {
    const { container } = render(<ProductRating rating={4.26} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5, 12 ratings' })).toBeInTheDocument();
    expect(container).toHaveTextContent('4.3 (12)');
  });

  it('says “1 rating” for one', () => {
    render(<ProductRating rating={5} count={1} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5, 1 rating' })).toBeInTheDocument();
  });

  it('fills the stars to the rating', () => {
    const { container } = render(<ProductRating rating={3.5} count={2} />);
    expect(container.querySelector<HTMLElement>('.product-rating__fill')!.style.width).toBe('70%');
  });

  it('shows nothing without a rating, or with one outside 1–5', () => {
    for (const rating of [null, undefined, 0, 5.5, Number.NaN]) {
      const { container, unmount } = render(<ProductRating rating={rating} count={3} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
