import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockStaffApi, refusal, resetStaff, TEST_TOKEN } from '../testing';
import { describeChange, PinHistory } from './PinHistory';

const HISTORY = '/api/staff/merch/pins/history';
const RESTORE = '/api/staff/merch/RestorePins';

const NO_DRAFT = { draft: null, schedules: {} };

const VERSIONS = [
  {
    version: 3,
    eventType: 'Unpinned',
    staffId: 'cu_ana',
    at: '2026-11-28T16:00:00Z',
    pins: ['1002'],
    redirect: null,
    ...NO_DRAFT,
  },
  {
    version: 2,
    eventType: 'Pinned',
    staffId: 'cu_ana',
    at: '2026-11-28T15:00:00Z',
    pins: ['1002', '1001'],
    redirect: null,
    ...NO_DRAFT,
  },
  {
    version: 1,
    eventType: 'Pinned',
    staffId: 'merch',
    at: '2026-11-28T14:00:00Z',
    pins: ['1001'],
    redirect: null,
    ...NO_DRAFT,
  },
];

/** A time of this year in this browser's time zone (written without its year). */
function local(month: number, day: number, hour = 0): string {
  return new Date(new Date().getFullYear(), month - 1, day, hour).toISOString();
}

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
    expect(rows[1]).toHaveTextContent('Pinned an item#1002, #1001NoneNonecu_ana');
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

  it('names the drafts’ and schedules’ changes; a schedule’s rule is found against the version before', () => {
    const base = { ...VERSIONS[0]!, pins: ['100234', '1001'] };
    const draft = { pins: ['1001', '100234', '1003'], redirect: null };
    expect(describeChange({ ...base, eventType: 'DraftSaved', draft })).toBe('Draft saved (3 items)');
    expect(describeChange({ ...base, eventType: 'DraftSaved', draft: { pins: ['1'], redirect: '/sale/' } })).toBe(
      'Draft saved (1 item, redirect to /sale/)',
    );
    expect(describeChange({ ...base, eventType: 'DraftPublished' })).toBe('Draft published');
    expect(describeChange({ ...base, eventType: 'DraftDiscarded' })).toBe('Draft discarded');

    const before = { ...base, eventType: 'RuleScheduled', schedules: { 'pin:1001': { startsAt: local(12, 1) } } };
    const after = {
      ...before,
      schedules: { ...before.schedules, 'pin:100234': { startsAt: local(12, 20, 9), endsAt: local(12, 27) } },
    };
    expect(describeChange(after, before)).toBe('Scheduled 100234 from Dec 20, 9:00 AM until Dec 27');
    // Cleared: the rule's window is gone.
    expect(describeChange({ ...after, schedules: { 'pin:1001': { startsAt: local(12, 1) } } }, after)).toBe(
      'Scheduled 100234 to apply always',
    );
    expect(describeChange({ ...base, eventType: 'RuleScheduled', schedules: { redirect: { endsAt: local(12, 27) } } })).toBe(
      'Scheduled the redirect until Dec 27',
    );
  });

  it('shows each version’s draft and schedules, and links each to its preview on the store', async () => {
    const versions = [
      {
        ...VERSIONS[0]!,
        version: 5,
        eventType: 'DraftSaved',
        pins: ['1002', '1001'],
        redirect: '/sale/',
        draft: { pins: ['1001'], redirect: null },
        schedules: { 'pin:1002': { startsAt: local(12, 20, 9), endsAt: local(12, 27) }, redirect: { endsAt: local(12, 27) } },
      },
      ...VERSIONS,
    ];
    mockStaffApi({ [`GET ${HISTORY}`]: versions });
    const onLoaded = vi.fn();
    render(<PinHistory board={{ keyword: 'dog food' }} reload={0} onRestored={() => {}} onLoaded={onLoaded} />);
    const table = await screen.findByRole('table', { name: 'Versions of this board, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Draft saved (1 item)');
    expect(cells[1]).toHaveTextContent('#1002 (from Dec 20, 9:00 AM until Dec 27), #1001');
    expect(cells[2]).toHaveTextContent('/sale/ (until Dec 27)');
    expect(cells[3]).toHaveTextContent('#1001');
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent('None');

    const preview = within(rows[0]!).getByRole('link', { name: 'Preview version 5 on the store (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/s/?keyword=dog+food&prv=pins-5');
    expect(preview).toHaveAttribute('target', '_blank');
    expect(within(rows[2]!).getByRole('link', { name: /^Preview version 2/ })).toHaveAttribute(
      'href',
      '/s/?keyword=dog+food&prv=pins-2',
    );
    expect(onLoaded).toHaveBeenCalledWith(expect.arrayContaining([expect.objectContaining({ version: 5 })]));
  });

  it('a landing page’s versions preview on its own page, when it is known', async () => {
    mockStaffApi({ [`GET ${HISTORY}`]: VERSIONS });
    const { unmount } = render(
      <PinHistory board={{ lp: '11' }} storePage="/hardware/" reload={0} onRestored={() => {}} />,
    );
    expect(await screen.findByRole('link', { name: /^Preview version 3/ })).toHaveAttribute('href', '/hardware/?prv=pins-3');
    unmount();
    render(<PinHistory board={{ lp: '11' }} reload={0} onRestored={() => {}} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /^Preview/ })).not.toBeInTheDocument();
  });
});
