import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';
import { useDepartmentsStore } from './departmentsStore';

const fetchMock = vi.fn<typeof fetch>();
const FARM = { id: 1, name: 'Farm', url: '/farm', children: [] };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useDepartmentsStore.getState().reset();
});

describe('useDepartmentsStore', () => {
  it('loads departments once and shares concurrent calls', async () => {
    fetchMock.mockResolvedValue(Response.json([FARM]));
    const { load } = useDepartmentsStore.getState();

    const first = load();
    expect(useDepartmentsStore.getState().status).toBe('loading');
    await Promise.all([first, load()]);
    await load();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useDepartmentsStore.getState()).toMatchObject({
      status: 'success',
      departments: [FARM],
      error: null,
    });
  });

  it('sets a shopper-facing error on failure, and can retry', async () => {
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await useDepartmentsStore.getState().load();

    expect(useDepartmentsStore.getState()).toMatchObject({
      status: 'error',
      error: GENERIC_ERROR_MESSAGE,
    });

    fetchMock.mockResolvedValueOnce(Response.json([FARM]));
    await useDepartmentsStore.getState().load();

    expect(useDepartmentsStore.getState()).toMatchObject({
      status: 'success',
      departments: [FARM],
    });
  });

  it('reloads after success only when forced', async () => {
    fetchMock.mockImplementation(async () => Response.json([FARM]));
    await useDepartmentsStore.getState().load();
    await useDepartmentsStore.getState().load();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await useDepartmentsStore.getState().load({ force: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
