import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS, SCROLL_DEBOUNCE_MS } from './constants';
import { useDebouncedWindowEvent, type DebouncedWindowEvent } from './useDebouncedWindowEvent';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function Probe({ type, onEvent }: { type: DebouncedWindowEvent; onEvent: () => void }) {
  useDebouncedWindowEvent(type, onEvent);
  return null;
}

describe('useDebouncedWindowEvent', () => {
  it('the spec debounces scroll and resize by 250 ms', () => {
    expect(SCROLL_DEBOUNCE_MS).toBe(250);
    expect(RESIZE_DEBOUNCE_MS).toBe(250);
  });

  it.each(['scroll', 'resize'] as const)('a burst of %s events gives one call, 250 ms after the last', (type) => {
    const onEvent = vi.fn();
    render(<Probe type={type} onEvent={onEvent} />);
    for (let i = 0; i < 5; i++) {
      window.dispatchEvent(new Event(type));
      act(() => vi.advanceTimersByTime(100));
    }
    expect(onEvent).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(149));
    expect(onEvent).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('nothing after unmount', () => {
    const onEvent = vi.fn();
    const { unmount } = render(<Probe type="scroll" onEvent={onEvent} />);
    window.dispatchEvent(new Event('scroll'));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onEvent).not.toHaveBeenCalled();
  });
});
