/**
 * Test helpers for the header, menus and account components (not shipped:
 * only imported by *.test.tsx files).
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { HeaderData, MenuItem } from '../shared/api/shell';
import { EMPTY_HEADER } from '../shared/api/shell';
import { useSession, toSessionData } from '../session';

/** Renders `ui` on every path of an in-memory router. */
export function renderInRouter(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />);
  return { router, ...result };
}

function item(id: number, name: string, url: string, children: MenuItem[] = [], banner?: [string, string]): MenuItem {
  return {
    id,
    name,
    url,
    bannerImageUrl: banner?.[0] ?? null,
    bannerLinkUrl: banner?.[1] ?? null,
    children,
  };
}

export const DEPT_MENU: MenuItem[] = [
  item(
    1,
    'Farm & Ranch',
    '/farm-ranch/',
    [
      item(101, 'Animal Feed', '/farm-ranch/animal-feed/', [
        item(10101, 'Poultry Feed', '/farm-ranch/animal-feed/poultry-feed/'),
        item(10102, 'Horse Feed', '/farm-ranch/animal-feed/horse-feed/'),
      ]),
      item(102, 'Fencing', '/farm-ranch/fencing/'),
    ],
    ['/images/banners/farm-ranch.jpg', '/weekly-ad/'],
  ),
  item(2, 'Pet', '/pet/', [item(201, 'Dog', '/pet/dog/', [item(20101, 'Dog Food', '/pet/dog/dog-food/')])]),
  item(12, 'Automotive Service Center', '/automotive-service/'),
  item(13, 'Animal Rx', '/animalrx/'),
  item(14, 'Automotive', '/automotive/', [item(1401, 'Tires', '/automotive/tires/')]),
];

export const HEADER_LINKS = [
  { text: 'Weekly Ad', link: '/weekly-ad/' },
  { text: 'Rewards', link: '/rewards/' },
  { text: 'Gift Cards', link: '/gift-cards/' },
  { text: 'Registries & Lists', link: '/gift-registry/' },
];

export function headerFixture(overrides: Partial<HeaderData> = {}): HeaderData {
  return {
    ...EMPTY_HEADER,
    deptMenu: DEPT_MENU,
    headerLinks: HEADER_LINKS,
    ...overrides,
  };
}

export const SIGNED_IN: Partial<HeaderData> = {
  loggedIn: true,
  greeting: null,
  customer: { firstName: 'Jane', customerHasRegistries: false },
};

export const JANESVILLE: Partial<HeaderData> = {
  localStoreName: 'Janesville, WI',
  localStoreJson: { storeNum: 1, city: 'Janesville', cityAlias: 'Janesville', state: 'WI', urlAlias: 'janesville-wi' },
};

/** Puts header data straight into the session store (as if loaded). */
export function setSession(overrides: Partial<HeaderData> = {}) {
  useSession.setState({ status: 'success', ...toSessionData(headerFixture(overrides)) });
}

type Route = unknown | ((url: URL) => Response | Promise<Response>);

/**
 * Stubs fetch with answers by path; unknown paths answer 404. Returns the
 * mock to inspect calls.
 */
export function mockApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const route = routes[url.pathname];
    if (route === undefined) return new Response('not found', { status: 404 });
    if (typeof route === 'function') return (route as (u: URL) => Response | Promise<Response>)(url);
    if (route === null) return new Response(null, { status: 204 });
    return Response.json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Paths fetched so far (with query). */
export function fetchedUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}
