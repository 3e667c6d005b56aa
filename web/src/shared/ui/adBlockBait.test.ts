import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAdBlock, AD_BAIT_TEST_ID } from './adBlockBait';
import { AD_BLOCK_CHECK_INTERVAL_MS, AD_BLOCK_CHECK_LOOPS, AD_BLOCKED_MESSAGE } from './constants';

const bait = () => document.querySelector<HTMLElement>(`[data-testid="${AD_BAIT_TEST_ID}"]`);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove());
});

describe('checkAdBlock', () => {
  it('uses the spec constants: 50 ms, 5 loops, and its message', () => {
    expect(AD_BLOCK_CHECK_INTERVAL_MS).toBe(50);
    expect(AD_BLOCK_CHECK_LOOPS).toBe(5);
    expect(AD_BLOCKED_MESSAGE).toBe('A browser extension appears to be blocking this feature!');
  });

  it('not blocked: answers false after 5 looks 50 ms apart and removes the bait', async () => {
    const result = vi.fn();
    void checkAdBlock().then(result);
    expect(bait()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(50 * 5 - 1);
    expect(result).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toHaveBeenCalledWith(false);
    expect(bait()).toBeNull();
  });

  it('a blocker that hides the bait by class (after the second look): true at the next look', async () => {
    const result = vi.fn();
    void checkAdBlock().then(result);
    await vi.advanceTimersByTimeAsync(100);
    const style = document.createElement('style');
    style.dataset.test = '';
    style.textContent = '.adsbox { display: none !important; }';
    document.head.appendChild(style);
    await vi.advanceTimersByTimeAsync(49);
    expect(result).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toHaveBeenCalledWith(true);
    expect(bait()).toBeNull();
  });

  it('a blocker that removes the bait: true', async () => {
    const result = vi.fn();
    void checkAdBlock().then(result);
    bait()!.remove();
    await vi.advanceTimersByTimeAsync(50);
    expect(result).toHaveBeenCalledWith(true);
  });
});
