import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { me, mockStaffApi, refusal, renderStaff, resetStaff, type Call } from '../testing';

const AUDIT_URL = '/api/staff/merch/audit';
const PAGE = '/staff/merch/audit/';

function change(i: number, overrides: Record<string, unknown> = {}) {
  return {
    at: new Date(Date.UTC(2026, 10, 28, 12, 0, 0) - i * 60_000).toISOString(),
    staffId: 'cu_9',
    aggregateType: 'PinBoard',
    aggregateId: 'kw:rope',
    eventType: 'Pinned',
    payload: { Pinned: { itemId: String(1000 + i) } },
    ...overrides,
  };
}

const NEWEST = [
  change(0, { staffId: 'cu_123', aggregateId: 'kw:dog food', payload: { Pinned: { itemId: '100234' } } }),
  change(1, { aggregateId: 'kw:store hours', eventType: 'RedirectSet', payload: { RedirectSet: { url: '/store-finder/' } } }),
  change(2, {
    staffId: null,
    aggregateType: 'SynonymSet',
    aggregateId: 'search',
    eventType: 'SynonymPublished',
    payload: { SynonymPublished: { version: 3, ruleId: 'r1', rule: { id: 'r1', words: 'zapper', replacement: 'fence charger' } } },
  }),
  change(3, { aggregateId: 'lp:12', payload: { Pinned: { itemId: '7' } } }),
];

const DEPARTMENTS = [{ id: 1, name: 'Farm', url: '/farm/', children: [{ id: 12, name: 'Fencing', url: '/farm/fencing/' }] }];

function reads(calls: Call[]) {
  return calls.filter((c) => c.path.startsWith(AUDIT_URL)).map((c) => c.path);
}

function rows() {
  const table = screen.getByRole('table', { name: 'Changes to search, newest first' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

beforeEach(() => {
  resetStaff();
});

describe('changes to search', () => {
  it('lists the changes, newest first: when, who, area and what, in words', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${AUDIT_URL}`]: NEWEST,
      'GET /api/catalog/departments': DEPARTMENTS,
    });
    renderStaff(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Changes to search' })).toBeVisible();
    expect(document.title).toBe('Changes to search | Storefront staff');
    await screen.findByRole('table');
    await waitFor(() => expect(rows()[3]![3]).toBe('Pinned 7 on the “Fencing” department page'));
    expect(rows()).toEqual([
      [expect.stringMatching(/^Nov 28, 2026, /), 'cu_123 (you)', 'Pins', 'Pinned 100234 for “dog food”'],
      [expect.any(String), 'cu_9', 'Redirects', 'Set the redirect of “store hours” to /store-finder/'],
      [expect.any(String), '—', 'Synonyms', 'Published synonym rule “zapper → fence charger” (version 3)'],
      [expect.any(String), 'cu_9', 'Pins', 'Pinned 7 on the “Fencing” department page'],
    ]);
    expect(reads(calls)).toEqual([`${AUDIT_URL}?limit=50`]);
    // A page shorter than asked for is all there is.
    expect(screen.queryByRole('button', { name: 'Older changes' })).toBeNull();
  });

  it('Older changes reads the page before the last row’s time and adds it', async () => {
    const first = Array.from({ length: 50 }, (_, i) => change(i));
    const older = [change(50, { payload: { Pinned: { itemId: 'OLDEST' } } })];
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${AUDIT_URL}`]: (call: Call) => (call.path.includes('before=') ? older : first),
    });
    renderStaff(PAGE);
    const button = await screen.findByRole('button', { name: 'Older changes' });
    expect(rows()).toHaveLength(50);
    await userEvent.click(button);
    await waitFor(() => expect(rows()).toHaveLength(51));
    expect(rows()[50]![3]).toBe('Pinned OLDEST for “rope”');
    const before = new URLSearchParams(reads(calls)[1]!.split('?')[1]).get('before');
    expect(before).toBe(first[49]!.at);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 51 changes: every change there is.');
    expect(screen.queryByRole('button', { name: 'Older changes' })).toBeNull();
    expect(screen.getByRole('table')).toHaveFocus();
  });

  it('says when nothing has changed, and a failure with Try again', async () => {
    let fail = true;
    mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${AUDIT_URL}`]: () => (fail ? refusal(500, 'Internal', 'boom') : []),
    });
    renderStaff(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again later.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No changes have been made to search yet.')).toBeVisible();
  });

  it('is a merchandiser’s page, in the navigation', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser'), [`GET ${AUDIT_URL}`]: [] });
    renderStaff('/staff/');
    const nav = await screen.findByRole('navigation', { name: 'Staff pages' });
    expect(within(nav).getByRole('link', { name: 'Changes to search' })).toHaveAttribute('href', PAGE);
  });

  it('another role gets the 403 page', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('analyst'), [`GET ${AUDIT_URL}`]: [] });
    renderStaff(PAGE);
    expect(await screen.findByText('Your staff role does not allow this page.')).toBeVisible();
    expect(reads(calls)).toEqual([]);
  });
});
