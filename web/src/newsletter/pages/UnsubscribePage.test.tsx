import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_UNSUBSCRIBE_LINK_MESSAGE, UNSUBSCRIBE_URL } from '../../shared/api/newsletter';
import { renderRoute } from '../../test/renderRoute';
import {
  UNSUBSCRIBE_ERROR_MESSAGE,
  UNSUBSCRIBE_TITLE,
  UNSUBSCRIBED_MESSAGE,
  UnsubscribePage,
} from './UnsubscribePage';

vi.mock('../../shared/api/reload', () => ({ reloadPage: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** The unsubscribe POSTs sent so far. */
function unsubscribeCalls() {
  return fetchMock.mock.calls.filter(([input]) => urlOf(input) === UNSUBSCRIBE_URL);
}

function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

const unsubscribeButton = () => screen.getByRole('button', { name: 'Unsubscribe' });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(Response.json({ success: true }));
  vi.stubGlobal('fetch', fetchMock);
});

describe('unsubscribe page', () => {
  it('shows the heading and the button, and posts nothing on load', async () => {
    renderPage('/newsletter/unsubscribe?token=tok.123');

    expect(screen.getByRole('heading', { level: 1, name: UNSUBSCRIBE_TITLE })).toBeVisible();
    expect(unsubscribeButton()).toBeEnabled();
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is routed at /newsletter/unsubscribe with its document title', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    renderRoute('/newsletter/unsubscribe?token=tok.123');

    expect(await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBE_TITLE }, { timeout: 5000 })).toBeVisible();
    expect(document.title).toBe(`${UNSUBSCRIBE_TITLE} | Storefront`);
    expect(unsubscribeButton()).toBeInTheDocument();
    expect(unsubscribeCalls()).toEqual([]);
  });

  it('posts the token with an Idempotency-Key, then shows the status and focuses it', async () => {
    renderPage('/newsletter/unsubscribe?token=tok.123');

    await userEvent.click(unsubscribeButton());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(UNSUBSCRIBED_MESSAGE);
    expect(status).toHaveTextContent('sign up again any time with the form at the bottom of this page');
    expect(status).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();

    const calls = unsubscribeCalls();
    expect(calls).toHaveLength(1);
    const [, init] = calls[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok.123' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('is busy while posting, and a second click sends nothing', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    renderPage('/newsletter/unsubscribe?token=tok.123');

    await userEvent.click(unsubscribeButton());

    const button = screen.getByRole('button', { name: 'Unsubscribing…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button.parentElement).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(unsubscribeCalls()).toHaveLength(1);

    await act(async () => answer(Response.json({ success: true })));
    expect(await screen.findByRole('status')).toHaveTextContent(UNSUBSCRIBED_MESSAGE);
  });

  it('400: shows the server message in an alert, with a hint', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { success: false, code: 'InvalidToken', message: 'This unsubscribe link is not valid.' },
        { status: 400 },
      ),
    );
    renderPage('/newsletter/unsubscribe?token=forged.0000');

    await userEvent.click(unsubscribeButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This unsubscribe link is not valid.');
    expect(alert).toHaveTextContent('use the link in the latest email');
    expect(alert).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('400: shows whatever message the server sends', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ success: false, code: 'InvalidToken', message: 'That link is too old.' }, { status: 400 }),
    );
    renderPage('/newsletter/unsubscribe?token=old.1');

    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('That link is too old.');
  });

  it.each(['/newsletter/unsubscribe', '/newsletter/unsubscribe?token=', '/newsletter/unsubscribe?token=%20'])(
    '%s: shows the invalid-link message at once, without a button',
    async (path) => {
      renderPage(path);

      expect(screen.getByRole('heading', { level: 1, name: UNSUBSCRIBE_TITLE })).toBeVisible();
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(INVALID_UNSUBSCRIBE_LINK_MESSAGE);
      expect(alert).toHaveTextContent('use the link in the latest email');
      expect(alert).not.toHaveFocus();
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      await act(async () => {});
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('a network failure shows a retry message and keeps the button', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage('/newsletter/unsubscribe?token=tok.123');

    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_ERROR_MESSAGE);
    expect(unsubscribeButton()).not.toHaveAttribute('aria-disabled');

    // The retry is a new try, and it works.
    await userEvent.click(unsubscribeButton());
    expect(await screen.findByRole('status')).toHaveTextContent(UNSUBSCRIBED_MESSAGE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(unsubscribeCalls()).toHaveLength(2);
  });

  it.each([500, 503])('%i: shows the retry message and keeps the button', async (status) => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ success: false, code: 'Unavailable', message: 'Something went wrong.' }, { status }),
    );
    renderPage('/newsletter/unsubscribe?token=tok.123');

    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_ERROR_MESSAGE);
    expect(unsubscribeButton()).toBeInTheDocument();
  });
});
