import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPARTMENTS_URL, fetchDepartments } from './catalog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('fetchDepartments', () => {
  it('GETs the department tree', async () => {
    const tree = [
      {
        id: 1,
        name: 'Farm',
        url: '/farm/c/1',
        children: [{ id: 11, name: 'Fencing', url: '/fencing/c/11', children: [] }],
      },
      { id: 2, name: 'Auto', url: '/auto/c/2', children: [] },
    ];
    fetchMock.mockResolvedValueOnce(Response.json(tree));

    await expect(fetchDepartments()).resolves.toEqual(tree);
    expect(fetchMock.mock.calls[0]![0]).toBe(DEPARTMENTS_URL);
  });

  it('drops malformed entries and fills in missing children', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json([{ id: 1, name: 'Farm', url: '/farm' }, { id: 'x' }, null]),
    );

    await expect(fetchDepartments()).resolves.toEqual([
      { id: 1, name: 'Farm', url: '/farm', children: [] },
    ]);
  });

  it('treats 204 as no departments', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await expect(fetchDepartments()).resolves.toEqual([]);
  });

  it('rejects when the body is not a list', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ departments: [] }));

    await expect(fetchDepartments()).rejects.toThrow('A network error has occurred');
  });
});
