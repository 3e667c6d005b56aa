import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockOverlay } from './BlockOverlay';
import { BLOCK_OVERLAY_FADE_IN_MS, BLOCK_OVERLAY_FADE_OUT_MS, BLOCK_OVERLAY_OPACITY } from './constants';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BlockOverlay', () => {
  it('has the spec defaults: fade in 200 ms, out 400 ms, opacity 0.6', () => {
    expect([BLOCK_OVERLAY_FADE_IN_MS, BLOCK_OVERLAY_FADE_OUT_MS, BLOCK_OVERLAY_OPACITY]).toEqual([200, 400, 0.6]);
  });

  it('is absent until active', () => {
    render(<BlockOverlay active={false} />);
    expect(screen.queryByTestId('block-overlay')).not.toBeInTheDocument();
  });

  it('fades in over 200 ms at opacity 0.6, announcing the label; fades out over 400 ms, then is gone', () => {
    const { rerender } = render(<BlockOverlay active={false} label="Finding stores…" />);
    rerender(<BlockOverlay active label="Finding stores…" />);
    const overlay = screen.getByTestId('block-overlay');
    expect(overlay).toHaveAttribute('data-phase', 'fading-in');
    expect(overlay.style.animationDuration).toBe('200ms');
    expect(overlay.style.getPropertyValue('--block-overlay-opacity')).toBe('0.6');
    expect(screen.getByRole('status')).toHaveTextContent('Finding stores…');
    act(() => vi.advanceTimersByTime(BLOCK_OVERLAY_FADE_IN_MS));
    expect(overlay).toHaveAttribute('data-phase', 'shown');

    rerender(<BlockOverlay active={false} label="Finding stores…" />);
    expect(overlay).toHaveAttribute('data-phase', 'fading-out');
    expect(overlay.style.animationDuration).toBe('400ms');
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(BLOCK_OVERLAY_FADE_OUT_MS - 1));
    expect(screen.getByTestId('block-overlay')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('block-overlay')).not.toBeInTheDocument();
  });

  it('becoming active again while fading out fades back in', () => {
    const { rerender } = render(<BlockOverlay active />);
    act(() => vi.advanceTimersByTime(BLOCK_OVERLAY_FADE_IN_MS));
    rerender(<BlockOverlay active={false} />);
    act(() => vi.advanceTimersByTime(100));
    rerender(<BlockOverlay active />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('block-overlay')).toHaveAttribute('data-phase', 'shown');
  });
});
