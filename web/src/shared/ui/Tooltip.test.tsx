import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, TOOLTIP_DISTANCE_PX, TOOLTIP_FADE_MS, TOOLTIP_Z_INDEX } from './constants';
import { Modal } from './Modal';
import { Tooltip, tooltipPosition, type TooltipState } from './Tooltip';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/*
 * fireEvent, not userEvent: userEvent's async wrapper waits on a real
 * setTimeout, which never fires under vitest's fake timers.
 */
const user = {
  hover: (el: Element) => act(() => void fireEvent.mouseEnter(el)),
  unhover: (el: Element) => act(() => void fireEvent.mouseLeave(el)),
  focus: (el: HTMLElement) => act(() => el.focus()),
  blur: (el: HTMLElement) => act(() => el.blur()),
  escape: () => act(() => void fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })),
};

function setup(onStateChange?: (s: TooltipState) => void) {
  render(
    <>
      <button type="button">Before</button>
      <Tooltip content="Paid for by the advertiser" onStateChange={onStateChange}>
        <button type="button">Sponsored</button>
      </Tooltip>
    </>,
  );
  return { trigger: screen.getByRole('button', { name: 'Sponsored' }) };
}

describe('Tooltip', () => {
  it('has the spec defaults: delay 300 ms, distance 6, z-index 9999999', () => {
    expect(TOOLTIP_DELAY_MS).toBe(300);
    expect(TOOLTIP_DISTANCE_PX).toBe(6);
    expect(TOOLTIP_Z_INDEX).toBe(9999999);
  });

  it('describes its trigger (role=tooltip, aria-describedby) even while closed', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAccessibleDescription('Paid for by the advertiser');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('pointer: shows only after resting 300 ms, through appearing to stable; leaving fades it out', async () => {
    const states: TooltipState[] = [];
    const { trigger } = setup((s) => states.push(s));
    user.hover(trigger);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('Paid for by the advertiser');
    expect(tip).toHaveAttribute('data-state', 'appearing');
    expect(tip.style.zIndex).toBe(String(TOOLTIP_Z_INDEX));
    act(() => vi.advanceTimersByTime(TOOLTIP_FADE_MS));
    expect(tip).toHaveAttribute('data-state', 'stable');

    user.unhover(trigger);
    expect(tip).toHaveAttribute('data-state', 'disappearing');
    expect(screen.getByRole('tooltip')).toBeVisible();
    act(() => vi.advanceTimersByTime(TOOLTIP_FADE_MS));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(states).toEqual(['appearing', 'stable', 'disappearing', 'closed']);
  });

  it('pointer passing over in under 300 ms shows nothing', async () => {
    const states: TooltipState[] = [];
    const { trigger } = setup((s) => states.push(s));
    user.hover(trigger);
    act(() => vi.advanceTimersByTime(200));
    user.unhover(trigger);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(states).toEqual([]);
  });

  it('the pointer can move onto the tooltip without it closing', async () => {
    const { trigger } = setup();
    user.hover(trigger);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS + TOOLTIP_FADE_MS));
    const tip = screen.getByRole('tooltip');
    user.unhover(trigger);
    user.hover(tip);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-state', 'stable');
  });

  it('keyboard focus shows it at once; Escape hides it and focus stays', async () => {
    const { trigger } = setup();
    user.focus(trigger);
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Paid for by the advertiser');

    user.escape();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    // It stays hidden while focus stays, and shows again on the next focus.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    user.focus(screen.getByRole('button', { name: 'Before' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_FADE_MS));
    user.focus(trigger);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('focus leaving hides it', async () => {
    const { trigger } = setup();
    user.focus(trigger);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    user.focus(screen.getByRole('button', { name: 'Before' }));
    act(() => vi.advanceTimersByTime(TOOLTIP_FADE_MS));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('Escape on a tooltip inside a modal closes only the tooltip', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Compare">
        <Tooltip content="Up to 5 items">
          <button type="button">Why?</button>
        </Tooltip>
      </Modal>,
    );
    user.focus(screen.getByRole('button', { name: 'Why?' }));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    user.escape();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    user.escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('tooltipPosition', () => {
  const trigger = { top: 100, bottom: 120, left: 200, width: 40 };

  it('centres it 6 px above the trigger', () => {
    expect(tooltipPosition(trigger, { width: 100, height: 30 }, 1024)).toEqual({
      top: 100 - 6 - 30,
      left: 170,
      placement: 'top',
    });
  });

  it('goes 6 px below when there is no room above', () => {
    const high = { ...trigger, top: 10, bottom: 30 };
    expect(tooltipPosition(high, { width: 100, height: 30 }, 1024)).toMatchObject({ top: 36, placement: 'bottom' });
  });

  it('stays inside the viewport horizontally', () => {
    expect(tooltipPosition({ ...trigger, left: 0 }, { width: 100, height: 30 }, 1024).left).toBe(4);
    expect(tooltipPosition({ ...trigger, left: 1000 }, { width: 100, height: 30 }, 1024).left).toBe(1024 - 100 - 4);
  });
});
