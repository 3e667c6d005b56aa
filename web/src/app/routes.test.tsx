import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGE, useDepartmentsStore } from '../stores';
import { renderRoute } from '../test/renderRoute';

const fetchMock = vi.fn<typeof fetch>();

const DEPARTMENTS = [
  { id: 1, name: 'Farm & Ranch', url: '/farm-ranch/c/1', children: [] },
  { id: 2, name: 'Home & Garden', url: '/home-garden/c/2', children: [] },
  { id: 3, name: 'Auto & Trailer', url: '/auto-trailer/c/3', children: [] },
];

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useDepartmentsStore.getState().reset();
});

describe('shell', () => {
  it('renders the header, search and footer around every page', async () => {
    fetchMock.mockResolvedValue(Response.json(DEPARTMENTS));
    renderRoute('/');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Storefront' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('searchbox', { name: 'Search products' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '1-800-210-2370' })).toHaveAttribute(
      'href',
      'tel:+18002102370',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    await screen.findByRole('link', { name: 'Farm & Ranch' });
  });
});

describe('home page', () => {
  it('shows a loading state, then the top-level departments as links', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    renderRoute('/');

    expect(await screen.findByText('Loading departments…')).toBeInTheDocument();
    resolve(Response.json(DEPARTMENTS));

    const list = await screen.findByRole('list', { name: 'Shop by department' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Farm & Ranch', '/farm-ranch/c/1'],
      ['Home & Garden', '/home-garden/c/2'],
      ['Auto & Trailer', '/auto-trailer/c/3'],
    ]);
    expect(screen.queryByText('Loading departments…')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/catalog/departments');
  });

  it('shows the error state when the API fails, and retries', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    renderRoute('/');

    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);

    fetchMock.mockResolvedValueOnce(Response.json(DEPARTMENTS));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'Home & Garden' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('unknown paths', () => {
  it('render the 404 page inside the shell', async () => {
    renderRoute('/no-such-page/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
