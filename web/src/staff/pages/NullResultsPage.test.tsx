import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { me, mockStaffApi, refusal, renderStaff, resetStaff, TEST_TOKEN, type Call } from '../testing';

const QUEUE_URL = '/api/staff/merch/null-results';
const REDIRECT_URL = '/api/staff/merch/SetKeywordRedirect';
const PAGE = '/staff/merch/null-results/';

const QUEUE = {
  since: '2026-11-22',
  until: '2026-11-28',
  rows: [
    { keyword: 'xyzzy', nullResults: 5, searches: 6, lastSeen: '2026-11-28T16:00:00Z', redirect: null },
    { keyword: 'store hours', nullResults: 2, searches: 2, lastSeen: null, redirect: '/store-finder/' },
  ],
};

function api(extra: Record<string, unknown> = {}, roles = ['merchandiser']) {
  return mockStaffApi({ 'GET /api/staff/me': me(...roles), [`GET ${QUEUE_URL}`]: QUEUE, ...extra });
}

/** The page's reads and writes (not who is signed in). */
function asked(calls: Call[]) {
  return calls.filter((c) => c.path !== '/api/staff/me').map((c) => c.path);
}

function table() {
  return screen.getByRole('table', { name: 'Searches with no results, Nov 22 – 28, 2026, most first' });
}

function row(keyword: string) {
  return within(table())
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name: keyword }))!;
}

beforeEach(() => {
  resetStaff();
});

describe('the searches with no results', () => {
  it('the table: keyword, null results, searches, last seen, redirect and the action', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Searches with no results' })).toBeVisible();
    expect(document.title).toBe('Searches with no results | Storefront staff');
    await screen.findByRole('table');
    expect(asked(calls)).toEqual([QUEUE_URL]);
    const cells = (r: HTMLElement) => [...r.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells(row('xyzzy'))).toEqual([
      'xyzzy',
      '5',
      '6',
      expect.stringMatching(/^Nov 2[89], 2026, /),
      'None',
      'Add a redirect for “xyzzy” Add a synonym for “xyzzy”',
    ]);
    expect(cells(row('store hours'))).toEqual([
      'store hours',
      '2',
      '2',
      '—',
      '/store-finder/',
      'Change the redirect for “store hours” Add a synonym for “store hours”',
    ]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-22');
    // A synonym is drafted on the synonyms page, the keyword filled in.
    expect(within(row('store hours')).getByRole('link', { name: 'Add a synonym for “store hours”' })).toHaveAttribute(
      'href',
      '/staff/merch/synonyms/?words=store+hours',
    );
  });

  it('Add a redirect: the form posts the keyword and URL, and the row shows the redirect', async () => {
    const { calls } = api({ [`POST ${REDIRECT_URL}`]: { success: true, pins: [], redirect: '/store-finder/' } });
    renderStaff(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a redirect for “xyzzy”' }));
    const form = screen.getByRole('form', { name: 'Redirect for “xyzzy”' });
    const field = within(form).getByRole('textbox', { name: 'Send searches for “xyzzy” to' });
    expect(field).toHaveFocus();
    await userEvent.type(field, '/store-finder/');
    await userEvent.click(within(form).getByRole('button', { name: 'Save redirect' }));

    expect(await screen.findByText('Searches for “xyzzy” now go to /store-finder/.')).toHaveAttribute('role', 'status');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ path: REDIRECT_URL, body: { keyword: 'xyzzy', url: '/store-finder/' }, token: TEST_TOKEN });
    expect(screen.queryByRole('form', { name: /^Redirect for/ })).not.toBeInTheDocument();
    expect(within(row('xyzzy')).getByText('/store-finder/')).toBeVisible();
    const button = within(row('xyzzy')).getByRole('button', { name: 'Change the redirect for “xyzzy”' });
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('a URL the server refuses: its words next to the field, which keeps the focus', async () => {
    api({ [`POST ${REDIRECT_URL}`]: () => refusal(422, 'PinRefused', 'That is not a page of this store.') });
    renderStaff(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a redirect for “xyzzy”' }));
    const field = screen.getByRole('textbox', { name: 'Send searches for “xyzzy” to' });
    await userEvent.type(field, '/no-such-page/');
    await userEvent.click(screen.getByRole('button', { name: 'Save redirect' }));
    expect(await screen.findByText('That is not a page of this store.')).toHaveClass('staff-field__error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('A page of the store, like /store-finder/. That is not a page of this store.');
    expect(field).toHaveFocus();
    expect(within(row('xyzzy')).getByText('None')).toBeVisible();
  });

  it('a 400 is said next to the field too; another refusal is an alert', async () => {
    let answer = () => refusal(400, 'InvalidBoard', 'A redirect needs a keyword.');
    api({ [`POST ${REDIRECT_URL}`]: () => answer() });
    renderStaff(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a redirect for “xyzzy”' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Send searches/ }), '/store-finder/');
    await userEvent.click(screen.getByRole('button', { name: 'Save redirect' }));
    expect(await screen.findByText('A redirect needs a keyword.')).toHaveClass('staff-field__error');
    answer = () => refusal(403, 'Forbidden', 'Your staff role does not allow this.');
    await userEvent.click(screen.getByRole('button', { name: 'Save redirect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your staff role does not allow this.');
  });

  it('a URL that is no page of the store is not sent; Cancel gives the focus back', async () => {
    const { calls } = api();
    renderStaff(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the redirect for “store hours”' }));
    const field = screen.getByRole('textbox', { name: 'Send searches for “store hours” to' });
    expect(field).toHaveValue('/store-finder/');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://elsewhere.example/');
    await userEvent.click(screen.getByRole('button', { name: 'Save redirect' }));
    expect(screen.getByText('Enter a page of the store, like /store-finder/.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change the redirect for “store hours”' })).toHaveFocus(),
    );
  });

  it('the range goes to the address and the request', async () => {
    const { calls } = api();
    const { router } = renderStaff(PAGE);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-07' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?since=2026-11-01&until=2026-11-07'));
    await waitFor(() =>
      expect(asked(calls)).toEqual([
        QUEUE_URL,
        `${QUEUE_URL}?since=2026-11-01&until=2026-11-07`,
      ]),
    );
  });

  it('no searches without results: says so', async () => {
    api({ [`GET ${QUEUE_URL}`]: { since: '2026-11-22', until: '2026-11-28', rows: [] } });
    renderStaff(PAGE);
    expect(await screen.findByText('Every search found something from Nov 22 – 28, 2026.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a member of staff without the merchandiser role gets the 403 page, and nothing is read', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('analyst') });
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    expect(asked(calls)).toEqual([]);
  });
});
