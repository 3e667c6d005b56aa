import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPOVER_DISMISS_MS } from './constants';
import { Popover } from './Popover';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPopover(openOnHover = false) {
  render(
    <>
      <Popover label="Store hours" openOnHover={openOnHover}>
        <a href="/stores/janesville-wi">Janesville hours</a>
      </Popover>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Store hours' });
}

const root = (button: HTMLElement) => button.parentElement!;

describe('Popover', () => {
  it('the dismiss delay is the spec’s 250 ms', () => {
    expect(POPOVER_DISMISS_MS).toBe(250);
  });

  it('click toggles it (aria-expanded, the panel)', () => {
    const button = renderPopover();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Janesville hours' })).not.toBeInTheDocument();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Janesville hours' })).toBeVisible();
    fireEvent.click(button);
    expect(screen.queryByRole('link', { name: 'Janesville hours' })).not.toBeInTheDocument();
  });

  it('closes 250 ms after the pointer leaves, not before', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.mouseLeave(root(button));
    act(() => vi.advanceTimersByTime(POPOVER_DISMISS_MS - 1));
    expect(screen.getByRole('link', { name: 'Janesville hours' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('link', { name: 'Janesville hours' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the pointer comes back within 250 ms', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.mouseLeave(root(button));
    act(() => vi.advanceTimersByTime(200));
    fireEvent.mouseEnter(root(button));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('link', { name: 'Janesville hours' })).toBeInTheDocument();
  });

  it('opens on hover when asked', () => {
    const button = renderPopover(true);
    fireEvent.mouseEnter(root(button));
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('Escape closes it and focus goes back to the button', () => {
    const button = renderPopover();
    fireEvent.click(button);
    const link = screen.getByRole('link', { name: 'Janesville hours' });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Janesville hours' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('an outside click and focus leaving close it', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);
    fireEvent.blur(button, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
