import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_BAIT_TEST_ID } from '../../shared/ui/adBlockBait';
import { FooterFeedback } from './FooterFeedback';

function renderFeedback() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <FooterFeedback /> },
      { path: '/customer-care/', element: <h1>Customer Care</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function blockAds() {
  const style = document.createElement('style');
  style.dataset.test = '';
  style.textContent = '.adsbox { display: none !important; }';
  document.head.appendChild(style);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('style[data-test]').forEach((s) => s.remove());
});

describe('footer Feedback', () => {
  it('without a blocker: after the 5 looks 50 ms apart, the feedback page opens', async () => {
    const router = renderFeedback();
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(document.querySelector(`[data-testid="${AD_BAIT_TEST_ID}"]`)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(router.state.location.pathname).toBe('/');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/customer-care/');
    expect(screen.getByRole('heading', { name: 'Customer Care' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.querySelector(`[data-testid="${AD_BAIT_TEST_ID}"]`)).toBeNull();
  });

  it('with the bait hidden by an extension: the spec’s alert, no navigation; OK closes it and focus returns', async () => {
    blockAds();
    const router = renderFeedback();
    const button = screen.getByRole('button', { name: 'Feedback' });
    act(() => button.focus());
    fireEvent.click(button);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const alert = screen.getByRole('alertdialog', {
      name: 'A browser extension appears to be blocking this feature!',
    });
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(alert).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('Escape closes the alert', async () => {
    blockAds();
    renderFeedback();
    fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a second click during the check starts no second check', async () => {
    renderFeedback();
    const button = screen.getByRole('button', { name: 'Feedback' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(document.querySelectorAll(`[data-testid="${AD_BAIT_TEST_ID}"]`)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(250));
  });
});
