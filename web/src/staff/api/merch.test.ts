import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkError } from '../../shared/api/client';
import { mockStaffApi, refusal, resetStaff, TEST_TOKEN } from '../testing';
import { discardPinDraft, fetchPinHistory, publishPinDraft, savePinDraft, schedulePinRule, updatePins } from './merch';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('updatePins', () => {
  it('POSTs the pin with the staff bearer token and reads the pins', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, pins: ['1', '2'] }));
    const pins = await updatePins('AddItemToTop', { keyword: 'rope', lp: null, hawkb: 'B' }, 'tok', { itemId: '2' });
    expect(pins).toEqual(['1', '2']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/staff/merch/AddItemToTop');
    const headers = init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Idempotency-Key']).toBeTruthy();
    expect(JSON.parse(String(init!.body))).toEqual({
      keyword: 'rope',
      lp: null,
      hawkb: 'B',
      hawkaid: null,
      hawkp: null,
      itemId: '2',
    });
  });

  it('sends the full order to UpdateItemPinOrder; 401 rejects', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ success: true, pins: ['2', '1'] }));
    await updatePins('UpdateItemPinOrder', { keyword: null, lp: '1' }, 't', { itemList: ['2', '1'] });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)).itemList).toEqual(['2', '1']);
    fetchMock.mockResolvedValueOnce(Response.json({ success: false, code: 'Unauthorized' }, { status: 401 }));
    const error = await updatePins('UnpinItem', { keyword: 'a', lp: null }, 'bad', { itemId: '1' }).catch((e: unknown) => e);
    expect((error as NetworkError).status).toBe(401);
  });
});

describe('the board’s draft and schedules', () => {
  const board = {
    success: true,
    pins: ['1001'],
    redirect: null,
    draft: { pins: ['1002', '1001'], redirect: '/sale/' },
    schedules: { 'pin:1001': { startsAt: '2026-12-20T14:00:00Z' } },
  };

  beforeEach(() => {
    resetStaff();
  });

  it('SavePinDraft sends the whole board with the session’s token; a redirect only when given', async () => {
    const { calls } = mockStaffApi({ 'POST /api/staff/merch/SavePinDraft': board });
    const answer = await savePinDraft({ keyword: 'rope' }, { pins: ['1002', '1001'], redirect: ' /sale/ ' });
    expect(answer).toEqual(board);
    await savePinDraft({ lp: '11' }, { pins: [], redirect: null });
    expect(calls.map((c) => c.body)).toEqual([
      { keyword: 'rope', itemList: ['1002', '1001'], url: '/sale/' },
      { lp: '11', itemList: [] },
    ]);
    expect(calls[0]!.token).toBe(TEST_TOKEN);
  });

  it('Discard and Publish send the board; a missing draft reads as none', async () => {
    const { calls } = mockStaffApi({
      'POST /api/staff/merch/DiscardPinDraft': { success: true, pins: ['1001'], redirect: null, schedules: {} },
      'POST /api/staff/merch/PublishPinDraft': { ...board, draft: null },
    });
    expect((await discardPinDraft({ keyword: 'rope' })).draft).toBeNull();
    expect((await publishPinDraft({ lp: '11' })).pins).toEqual(['1001']);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/staff/merch/DiscardPinDraft', { keyword: 'rope' }],
      ['/api/staff/merch/PublishPinDraft', { lp: '11' }],
    ]);
  });

  it('SchedulePinRule sends the rule and the sides given; none: always', async () => {
    const { calls } = mockStaffApi({ 'POST /api/staff/merch/SchedulePinRule': board });
    await schedulePinRule({ keyword: 'rope' }, 'pin:1001', { startsAt: '2026-12-20T14:00:00Z' });
    await schedulePinRule({ keyword: 'rope' }, 'redirect', {});
    expect(calls.map((c) => c.body)).toEqual([
      { keyword: 'rope', rule: 'pin:1001', startsAt: '2026-12-20T14:00:00Z' },
      { keyword: 'rope', rule: 'redirect' },
    ]);
  });

  it('a refusal rejects with the server’s words', async () => {
    mockStaffApi({
      'POST /api/staff/merch/PublishPinDraft': refusal(404, 'PinRefused', 'This board has no draft.'),
    });
    const error = await publishPinDraft({ keyword: 'rope' }).catch((e: unknown) => e);
    expect((error as NetworkError).serverMessage).toBe('This board has no draft.');
  });

  it('the history reads each version’s draft and schedules (none when absent)', async () => {
    mockStaffApi({
      'GET /api/staff/merch/pins/history': [
        { version: 2, eventType: 'DraftSaved', at: '2026-11-28T16:00:00Z', ...board },
        { version: 1, eventType: 'Pinned', at: '2026-11-28T15:00:00Z', pins: ['1001'], redirect: null },
      ],
    });
    const versions = await fetchPinHistory({ keyword: 'rope' });
    expect(versions[0]).toMatchObject({ version: 2, draft: board.draft, schedules: board.schedules });
    expect(versions[1]).toMatchObject({ version: 1, draft: null, schedules: {} });
  });
});
