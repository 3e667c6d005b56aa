import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_FADE_MS, SCROLL_DEBOUNCE_MS } from '../../shared/ui/constants';
import { BACK_TO_TOP_ANIMATION_MS, BACK_TO_TOP_FROM_PX, BackToTop } from './BackToTop';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

const button = () => document.querySelector<HTMLButtonElement>('button.back-to-top')!;

describe('BackToTop', () => {
  it('appears 250 ms after scrolling down stops, fading in over 200 ms', () => {
    render(<BackToTop />);
    expect(button()).toHaveAttribute('aria-hidden', 'true');
    expect(button()).toHaveAttribute('tabindex', '-1');
    scrollTo(BACK_TO_TOP_FROM_PX + 100);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS - 1));
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    const shown = screen.getByRole('button', { name: 'Back to top' });
    expect(shown).toHaveClass('back-to-top--shown');
    expect(shown.style.transitionDuration).toBe(`${BACK_TO_TOP_FADE_MS}ms`);
    expect(BACK_TO_TOP_FADE_MS).toBe(200);

    scrollTo(0);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });

  it('scrolls to the top and then moves focus to the heading', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(
      <>
        <h1 id="page-title" tabIndex={-1}>
          Dog Food
        </h1>
        <BackToTop focusTargetId="page-title" />
      </>,
    );
    scrollTo(2000);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith(0, 0);
    act(() => vi.advanceTimersByTime(BACK_TO_TOP_ANIMATION_MS));
    expect(screen.getByRole('heading', { name: 'Dog Food' })).toHaveFocus();
  });
});
