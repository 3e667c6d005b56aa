import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockStaffApi, refusal, resetStaff, TEST_TOKEN } from '../testing';
import { describeChange, PinHistory } from './PinHistory';

const HISTORY = '/api/staff/merch/pins/history';
const RESTORE = '/api/staff/merch/RestorePins';

const VERSIONS = [
  { version: 3, eventType: 'Unpinned', staffId: 'cu_ana', at: '2026-11-28T16:00:00Z', pins: ['1002'], redirect: null },
  {
    version: 2,
    eventType: 'Pinned',
    staffId: 'cu_ana',
    at: '2026-11-28T15:00:00Z',
    pins: ['1002', '1001'],
    redirect: null,
  },
  { version: 1, eventType: 'Pinned', staffId: 'merch', at: '2026-11-28T14:00:00Z', pins: ['1001'], redirect: null },
];

beforeEach(() => {
  resetStaff();
});

describe('a board’s history', () => {
  it('lists each version newest first with its pins and who made it; the newest is current', async () => {
    const { calls } = mockStaffApi({ [`GET ${HISTORY}`]: VERSIONS });
    render(<PinHistory board={{ keyword: 'rope' }} reload={0} onRestored={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Versions of this board, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['3', '2', '1']);
    expect(rows[1]).toHaveTextContent('Pinned an item#1002, #1001Nonecu_ana');
    expect(rows[0]).toHaveTextContent('Current');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([`${HISTORY}?keyword=rope`]);
  });

  it('Restore asks first, then posts the version with the anti-forgery token and says so', async () => {
    const onRestored = vi.fn();
    const { calls } = mockStaffApi({
      [`GET ${HISTORY}`]: VERSIONS,
      [`POST ${RESTORE}`]: { success: true, pins: ['1002', '1001'], redirect: null },
    });
    render(<PinHistory board={{ lp: '101' }} reload={0} onRestored={onRestored} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore version 2?' });
    expect(dialog).toHaveTextContent('Shoppers will get these pins at once: #1002, #1001; redirect: none.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(onRestored).toHaveBeenCalledWith('Version 2 is back: #1002, #1001.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ lp: '101', version: 2 });
    expect(post.token).toBe(TEST_TOKEN);
  });

  it('a refusal is said in the dialog, which stays open', async () => {
    mockStaffApi({
      [`GET ${HISTORY}`]: VERSIONS,
      [`POST ${RESTORE}`]: refusal(422, 'PinRefused', 'The board already holds that version’s pins and redirect.'),
    });
    render(<PinHistory board={{ keyword: 'rope' }} reload={0} onRestored={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The board already holds that version’s pins and redirect.');
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it('names each kind of change', () => {
    const v = (eventType: string, redirect: string | null = null) => ({ ...VERSIONS[0]!, eventType, redirect });
    expect(describeChange(v('RedirectSet', '/store-finder/'))).toBe('Redirected to /store-finder/');
    expect(describeChange(v('BoardRestored'))).toBe('Restored an earlier version');
    expect(describeChange(v('PinsReordered'))).toBe('Reordered the pins');
  });
});
