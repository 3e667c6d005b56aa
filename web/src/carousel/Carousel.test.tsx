import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../shared/api/testing';
import { Carousel } from './Carousel';
import { ProductCarousel } from './ProductCarousel';
import {
  DEFAULT_SETTINGS,
  layoutFor,
  nextStart,
  pageStarts,
  prevStart,
  settingsFromCarouselData,
  SLIDE_MS,
  type CarouselSettings,
} from './settings';

const ITEMS = Array.from({ length: 10 }, (_, i) => `Item ${i + 1}`);

function renderCarousel(settings: Partial<CarouselSettings> = {}, items = ITEMS) {
  return render(
    <Carousel
      title="Things"
      items={items}
      itemKey={(i) => i}
      renderItem={(i) => <a href={`#${i}`}>{i}</a>}
      settings={{ ...DEFAULT_SETTINGS, ...settings }}
    />,
  );
}

function shown(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-carousel-slide]:not([inert])')).map(
    (li) => li.textContent ?? '',
  );
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

beforeEach(() => {
  setWidth(1280);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('settings', () => {
  it('reads carouselData, falling back to the defaults (0.4 s slide)', () => {
    expect(DEFAULT_SETTINGS.animationSpeed).toBe(SLIDE_MS);
    expect(SLIDE_MS).toBe(400);
    expect(settingsFromCarouselData(null)).toBe(DEFAULT_SETTINGS);
    const s = settingsFromCarouselData({
      showNextPrevButtons: false,
      showDots: true,
      nofVisible: 5,
      scrollNumber: 2,
      isCircular: true,
      animationSpeed: 300,
      responseiveConfig: [{ breakpoint: 600, nofVisible: 1, scrollNumber: 1 }],
    });
    expect(s).toMatchObject({
      showNextPrevButtons: false,
      showDots: true,
      nofVisible: 5,
      scrollNumber: 2,
      isCircular: true,
      animationSpeed: 300,
      autoRotate: false,
      responsive: [{ breakpoint: 600, nofVisible: 1, scrollNumber: 1 }],
    });
    expect(settingsFromCarouselData({ nofVisible: -1, animationSpeed: Number.NaN })).toMatchObject({
      nofVisible: 4,
      animationSpeed: SLIDE_MS,
    });
  });

  it('lays out by the narrowest breakpoint the width is below', () => {
    expect(layoutFor(DEFAULT_SETTINGS, 1280)).toEqual({ visible: 4, scroll: 4 });
    expect(layoutFor(DEFAULT_SETTINGS, 1024)).toEqual({ visible: 4, scroll: 4 });
    expect(layoutFor(DEFAULT_SETTINGS, 1023)).toEqual({ visible: 3, scroll: 3 });
    expect(layoutFor(DEFAULT_SETTINGS, 700)).toEqual({ visible: 2, scroll: 2 });
    expect(layoutFor(DEFAULT_SETTINGS, 375)).toEqual({ visible: 1, scroll: 1 });
    expect(layoutFor({ ...DEFAULT_SETTINGS, enableResponsive: false }, 375)).toEqual({ visible: 4, scroll: 4 });
  });

  it('moves by pages, stopping at the ends unless circular', () => {
    const layout = { visible: 4, scroll: 4 };
    expect(nextStart(0, 10, layout, false)).toBe(4);
    expect(nextStart(4, 10, layout, false)).toBe(6);
    expect(nextStart(6, 10, layout, false)).toBeNull();
    expect(nextStart(6, 10, layout, true)).toBe(0);
    expect(prevStart(6, 10, layout, false)).toBe(2);
    expect(prevStart(0, 10, layout, false)).toBeNull();
    expect(prevStart(0, 10, layout, true)).toBe(6);
    expect(nextStart(0, 3, layout, true)).toBeNull();
    expect(pageStarts(10, layout)).toEqual([0, 4, 6]);
  });
});

describe('Carousel', () => {
  it('is a labelled carousel whose off-screen items are inert', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shown()).toEqual(['Item 1', 'Item 2', 'Item 3', 'Item 4']);
    const slides = within(region).getAllByRole('group');
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides[0]).toHaveAttribute('aria-label', '1 of 10');
    expect(slides[4]).toHaveAttribute('inert');
  });

  it('slides in 0.4 s by default and as carouselData says otherwise', () => {
    const { unmount } = renderCarousel();
    const track = document.querySelector<HTMLElement>('.carousel__track')!;
    expect(track.style.transitionDuration).toBe('400ms');
    unmount();
    renderCarousel({ animationSpeed: 300 });
    expect(document.querySelector<HTMLElement>('.carousel__track')!.style.transitionDuration).toBe('300ms');
  });

  it('Previous / Next buttons move a page and are disabled at the ends', async () => {
    renderCarousel();
    const prev = screen.getByRole('button', { name: 'Previous items: Things' });
    const next = screen.getByRole('button', { name: 'Next items: Things' });
    expect(prev).toBeDisabled();
    await userEvent.click(next);
    expect(shown()).toEqual(['Item 5', 'Item 6', 'Item 7', 'Item 8']);
    expect(document.querySelector<HTMLElement>('.carousel__track')!.style.transform).toBe('translateX(-100%)');
    await userEvent.click(next);
    expect(shown()).toEqual(['Item 7', 'Item 8', 'Item 9', 'Item 10']);
    expect(next).toBeDisabled();
    expect(screen.getByText('Showing items 7 to 10 of 10')).toBeInTheDocument();
    await userEvent.click(prev);
    expect(shown()).toEqual(['Item 3', 'Item 4', 'Item 5', 'Item 6']);
  });

  it('keyboard: arrows move a page, Home and End go to the ends, focus follows onto the items', async () => {
    renderCarousel();
    const first = screen.getByRole('link', { name: 'Item 1' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(shown()).toEqual(['Item 5', 'Item 6', 'Item 7', 'Item 8']);
    expect(screen.getByRole('link', { name: 'Item 5' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(shown()).toEqual(['Item 7', 'Item 8', 'Item 9', 'Item 10']);
    expect(screen.getByRole('link', { name: 'Item 7' })).toHaveFocus();
    // At the end, ArrowRight stays (not circular).
    await userEvent.keyboard('{ArrowRight}');
    expect(shown()[0]).toBe('Item 7');
    await userEvent.keyboard('{ArrowLeft}');
    expect(shown()[0]).toBe('Item 3');
    expect(screen.getByRole('link', { name: 'Item 3' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(shown()[0]).toBe('Item 1');
    expect(screen.getByRole('link', { name: 'Item 1' })).toHaveFocus();
  });

  it('keyboard on the buttons keeps focus on the button', async () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next items: Things' });
    next.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(shown()[0]).toBe('Item 5');
    expect(next).toHaveFocus();
  });

  it('circular carousels wrap around', async () => {
    renderCarousel({ isCircular: true });
    const prev = screen.getByRole('button', { name: 'Previous items: Things' });
    expect(prev).toBeEnabled();
    await userEvent.click(prev);
    expect(shown()[0]).toBe('Item 7');
    await userEvent.click(screen.getByRole('button', { name: 'Next items: Things' }));
    expect(shown()[0]).toBe('Item 1');
  });

  it('swipes with touch: left shows the next page, right the previous one', () => {
    renderCarousel();
    const viewport = document.querySelector<HTMLElement>('.carousel__viewport')!;
    const pointer = (type: string, x: number, y = 100) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.assign(event, { pointerType: 'touch', pointerId: 1, clientX: x, clientY: y });
      fireEvent(viewport, event);
    };
    pointer('pointerdown', 300);
    pointer('pointerup', 200);
    expect(shown()[0]).toBe('Item 5');
    pointer('pointerdown', 200);
    pointer('pointerup', 320);
    expect(shown()[0]).toBe('Item 1');
    // A small or mostly vertical move is no swipe.
    pointer('pointerdown', 300, 100);
    pointer('pointerup', 270, 300);
    expect(shown()[0]).toBe('Item 1');
  });

  it('uses the responsive layout of the viewport width', () => {
    setWidth(700);
    renderCarousel();
    expect(shown()).toEqual(['Item 1', 'Item 2']);
  });

  it('hides the buttons when everything fits or carouselData says so; shows dots when asked', async () => {
    const { unmount } = renderCarousel({}, ITEMS.slice(0, 3));
    expect(screen.queryByRole('button', { name: /Next items/ })).toBeNull();
    unmount();
    renderCarousel({ showNextPrevButtons: false, showDots: true });
    expect(screen.queryByRole('button', { name: /Next items/ })).toBeNull();
    const dots = screen.getAllByRole('button', { name: /^Show items/ });
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Show items 1 to 4',
      'Show items 5 to 8',
      'Show items 7 to 10',
    ]);
    await userEvent.click(dots[1]!);
    expect(shown()[0]).toBe('Item 5');
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
  });

  it('auto-rotates when asked, with a pause button', () => {
    vi.useFakeTimers();
    renderCarousel({ autoRotate: true, autoRotateSpeed: 1000 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()[0]).toBe('Item 5');
    fireEvent.click(screen.getByRole('button', { name: 'Pause Things' }));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(shown()[0]).toBe('Item 5');
    expect(screen.getByRole('button', { name: 'Play Things' })).toBeInTheDocument();
  });
});

describe('ProductCarousel', () => {
  const products = Array.from({ length: 5 }, (_, i) =>
    productFixture(String(100 + i), i === 2 ? { priceMode: 'BelowMap', belowMap: true } : {}),
  );
  let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

  function sent(url: string) {
    return beacon.mock.calls.filter(([u]) => u === url).map(([, d]) => JSON.parse(String(d)));
  }

  beforeEach(() => {
    beacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  });

  function renderProducts() {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: <ProductCarousel listId="similar" title="Similar Items" products={products} />,
        },
      ],
      { initialEntries: ['/start/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('cards show picture, name, brand and price; MAP products say see price in cart', () => {
    renderProducts();
    const img = screen.getByRole('img', { name: 'Product 100' });
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('height', '240');
    const map = document.querySelector('[data-blain-number="102"]')!;
    expect(map).toHaveTextContent('See price in cart');
    expect(map).not.toHaveTextContent('$29.79');
  });

  it('tracks the view once with every product', () => {
    renderProducts();
    const views = sent('/event/a/analytics').filter((e) => e.event === 'product_carousel_view');
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ itemListID: 'similar', itemListName: 'Similar Items' });
    expect(views[0].items).toHaveLength(5);
    expect(views[0].items[2]).toMatchObject({ belowMap: true, currentPrice: null, priceMode: 'BelowMap' });
    expect(views[0].items[0]).toMatchObject({ currentPrice: 29.79, index: 0, blainNumber: '100' });
  });

  it('a click pushes product_carousel_click, sends the beacon and navigates after 100 ms', async () => {
    vi.useFakeTimers();
    const router = renderProducts();
    fireEvent.click(screen.getByRole('link', { name: 'Product 101' }));
    const click = sent('/event/a/carousel-click');
    expect(click).toEqual([
      {
        itemListID: 'similar',
        itemListName: 'Similar Items',
        index: 1,
        currentPrice: 29.79,
        belowMap: false,
        priceMode: 'Regular',
        blainNumber: '101',
        vendorBrand: 'Acme',
        productName: 'Product 101',
      },
    ]);
    expect(sent('/event/a/analytics').filter((e) => e.event === 'product_carousel_click')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(99);
    });
    expect(router.state.location.pathname).toBe('/start/');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/product/101/product-101/');
  });

  it('a modified click is tracked but left to the browser', () => {
    renderProducts();
    const link = screen.getByRole('link', { name: 'Product 101' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    // Observe whether the carousel prevented the default, then stop jsdom from navigating.
    let preventedByCarousel: boolean | null = null;
    const observe = (e: Event) => {
      preventedByCarousel = e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener('click', observe);
    link.dispatchEvent(event);
    window.removeEventListener('click', observe);
    expect(preventedByCarousel).toBe(false);
    expect(sent('/event/a/carousel-click')).toHaveLength(1);
  });
});
