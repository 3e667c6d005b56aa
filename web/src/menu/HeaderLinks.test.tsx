import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter, setSession } from '../header/testing';
import { useSession } from '../session';
import { HEADER_LINKS_RESIZE_DEBOUNCE_MS, HeaderLinks } from './HeaderLinks';

/** Fake layout: items sit on the first line while their running width fits. */
let available = 1000;
const WIDTH = 120;
let observerCallback: (() => void) | null = null;

beforeEach(() => {
  useSession.getState().reset();
  setSession();
  available = 1000;
  vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('header-links__item')) return 0;
    const index = Array.from(this.parentElement!.children).indexOf(this);
    return (index + 1) * WIDTH > available ? 48 : 0;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: () => void) {
        observerCallback = cb;
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  observerCallback = null;
});

function visibleLinks(): string[] {
  const list = screen.getByRole('list', { name: 'Featured' });
  return within(list)
    .getAllByRole('listitem')
    .filter((li) => !li.classList.contains('is-overflow'))
    .map((li) => li.textContent ?? '');
}

describe('HeaderLinks', () => {
  it('shows the header links from the data, ending with Registries & Lists', () => {
    renderInRouter(<HeaderLinks />);
    expect(visibleLinks()).toEqual(['Weekly Ad', 'Rewards', 'Gift Cards', 'Registries & Lists']);
    expect(screen.getByRole('link', { name: 'Registries & Lists' })).toHaveAttribute('href', '/gift-registry/');
  });

  it('hides the links that do not fit, re-measuring 250 ms after a resize', () => {
    available = 300;
    vi.useFakeTimers();
    renderInRouter(<HeaderLinks />);
    expect(visibleLinks()).toEqual(['Weekly Ad', 'Rewards']);
    expect(screen.getByText('Gift Cards').closest('li')).toHaveAttribute('data-overflow', 'true');

    available = 1000;
    act(() => observerCallback!());
    act(() => void vi.advanceTimersByTime(HEADER_LINKS_RESIZE_DEBOUNCE_MS - 1));
    expect(visibleLinks()).toEqual(['Weekly Ad', 'Rewards']);
    act(() => void vi.advanceTimersByTime(1));
    expect(visibleLinks()).toEqual(['Weekly Ad', 'Rewards', 'Gift Cards', 'Registries & Lists']);
    expect(HEADER_LINKS_RESIZE_DEBOUNCE_MS).toBe(250);
  });

  it('marks the link to the current page with aria-current, and only that one', () => {
    renderInRouter(<HeaderLinks />, '/gift-cards/');
    expect(screen.getByRole('link', { name: 'Gift Cards' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Weekly Ad' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Registries & Lists' })).not.toHaveAttribute('aria-current');
  });

  it('follows navigation: the mark moves to the new page', async () => {
    const { router } = renderInRouter(<HeaderLinks />, '/gift-cards/');
    await act(() => router.navigate('/weekly-ad/'));
    expect(screen.getByRole('link', { name: 'Weekly Ad' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Gift Cards' })).not.toHaveAttribute('aria-current');
  });
});
