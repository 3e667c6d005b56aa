import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterSignup } from './NewsletterSignup';

const fetchMock = vi.fn<typeof fetch>();
let sendBeacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

function analyticsPushes() {
  return sendBeacon.mock.calls.filter(([url]) => url === '/event/a/analytics').map(([, body]) => JSON.parse(String(body)));
}

async function signUp(email: string) {
  const user = userEvent.setup();
  render(<NewsletterSignup />);
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), email);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sendBeacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>(() => true);
  Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
  window.dataLayer = [];
});

afterEach(() => {
  delete window.dataLayer;
});

describe('newsletter analytics', () => {
  it('a successful footer subscription pushes email_subscribe with method Footer, once', async () => {
    fetchMock.mockResolvedValue(Response.json({ success: true }));
    await signUp('jane@example.com');
    expect(await screen.findByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'email_subscribe', method: 'Footer' }]);
    expect(analyticsPushes()).toEqual([{ event: 'email_subscribe', method: 'Footer' }]);
  });

  it('success false: no push, no modal', async () => {
    fetchMock.mockResolvedValue(Response.json({ success: false }));
    await signUp('jane@example.com');
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.dataLayer).toEqual([]);
    expect(analyticsPushes()).toEqual([]);
  });

  it('an invalid address is not sent and pushes nothing', async () => {
    await signUp('jane@example.coim');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.dataLayer).toEqual([]);
    expect(analyticsPushes()).toEqual([]);
  });
});
