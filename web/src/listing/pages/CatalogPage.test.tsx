import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { useDepartmentsStore } from '../../catalog/departmentsStore';
import { renderRoute } from '../../test/renderRoute';
import { answer, product, urlOf } from '../testing';

// Lazy routes and a busy machine: allow time.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const TREE = [
  {
    id: 1,
    name: 'Farm & Ranch',
    url: '/farm-ranch/',
    children: [{ id: 101, name: 'Fencing', url: '/farm-ranch/fencing/', children: [] }],
  },
];

const FARM = answer({
  keyword: null,
  landing: { id: 1, name: 'Farm & Ranch', url: '/farm-ranch/' },
  total: 2,
  pageCount: 1,
  items: [product(1), product(2)],
  facets: [
    {
      name: 'department',
      label: 'Department',
      kind: 'hierarchy',
      values: [{ value: '101', label: 'Fencing', count: 2, selected: false, url: '/farm-ranch/fencing/' }],
    },
    {
      name: 'brand',
      label: 'Brand',
      kind: 'list',
      values: [{ value: 'Koch', label: 'Koch', count: 1, selected: false }],
    },
  ],
});

function searchCalls(): string[] {
  return fetchMock.mock.calls.map(([i]) => urlOf(i)).filter((u) => u.startsWith('/api/search?'));
}
function treeCalls(): number {
  return fetchMock.mock.calls.filter(([i]) => urlOf(i) === '/api/catalog/departments').length;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/search?')) {
      const lp = new URLSearchParams(url.split('?')[1]).get('lp');
      if (lp === '/farm-ranch/') return Response.json(FARM);
      return Response.json({ success: false, code: 'NotFound', message: 'Department not found.' }, { status: 404 });
    }
    if (url === '/api/catalog/departments') return Response.json(TREE);
    if (url.startsWith('/globalresource/header/')) {
      return Response.json({ loggedIn: false, deptMenu: [], headerLinks: [], siteMessages: [] });
    }
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
  useDepartmentsStore.getState().reset();
  useSession.getState().reset();
});

describe('department pages', () => {
  it('show the department’s products, breadcrumb and sub-departments', async () => {
    renderRoute('/farm-ranch/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Farm & Ranch' }, { timeout: 5000 })).toBeVisible();
    expect(document.title).toBe('Farm & Ranch | Storefront');
    expect(await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/search?lp=%2Ffarm-ranch%2F']);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('list', { name: 'Sub-departments' })).getByRole('link', { name: /Fencing/ })).toHaveAttribute(
      'href',
      '/farm-ranch/fencing/',
    );
    // The tree is read once the department is known.
    await waitFor(() => expect(treeCalls()).toBe(1));
  });

  it('keep refinements with cref, and revert when the query holds no mpp, sort or cref', async () => {
    const { router } = renderRoute('/farm-ranch/?pg=2&brand=Koch');
    await screen.findByRole('link', { name: 'Product 1' }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(searchCalls()).toEqual(['/api/search?lp=%2Ffarm-ranch%2F']);

    await userEvent.click(screen.getByRole('checkbox', { name: /^Koch/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?cref=1&brand=Koch'));
    await waitFor(() => expect(searchCalls()).toContain('/api/search?lp=%2Ffarm-ranch%2F&brand=Koch'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&brand=Koch'));
  });

  it('a path that is no department is Page not found', async () => {
    renderRoute('/no-such-department/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeVisible();
    expect(treeCalls()).toBe(0);
  });

  it('with the tree loaded, a path not in it is Page not found without asking', async () => {
    await useDepartmentsStore.getState().load();
    renderRoute('/nowhere/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeVisible();
    expect(searchCalls()).toEqual([]);
  });

  it('paths that cannot be departments are Page not found', async () => {
    renderRoute('/wp-login.php');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 })).toBeVisible();
    expect(searchCalls()).toEqual([]);
  });
});
