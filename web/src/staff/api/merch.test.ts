import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkError } from '../../shared/api/client';
import { updatePins } from './merch';

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
