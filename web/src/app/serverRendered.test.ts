import { existsSync } from 'node:fs';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, type ServerRendered } from './routes';

/** Each route's path (from the root) and the module it names for the web renderer, if any. */
function rendered(list: readonly RouteObject[], parent = ''): [string, string | null][] {
  return list.flatMap((route) => {
    const path = route.index ? parent : `${parent}${route.path && route.path !== '/' ? `${route.path}/` : ''}`;
    const module = (route.handle as ServerRendered | undefined)?.ssr?.module ?? null;
    const own: [string, string | null][] = route.lazy || route.Component ? [[path || '/', module]] : [];
    return [...(route.Component ? [] : own), ...rendered(route.children ?? [], path || '/')];
  });
}

describe('the pages the server renders', () => {
  const all = rendered(routes);
  const byPath = new Map(all);

  it('are the shopper pages a search engine or a shared link leads to', () => {
    for (const path of ['/', 's/', 'product/:blainNumber/*/', 'stores/:urlAlias/', 'store-finder/', 'tires/', 'batteries/', 'about-us/', '*/']) {
      expect(byPath.get(path.startsWith('/') ? path : `/${path}`), path).not.toBeNull();
    }
  });

  it('leave out the cart, checkout, the account and orders', () => {
    for (const [path, module] of all) {
      if (/^\/(cart|checkout|account|newsletter)\/|^\/gift-registry\/./.test(path)) expect(module, path).toBeNull();
    }
  });

  it('name route modules that exist (the build manifest is keyed by them)', () => {
    const modules = all.map(([, module]) => module).filter((m): m is string => m !== null);
    expect(modules.length).toBeGreaterThan(8);
    for (const module of modules) expect(existsSync(module), module).toBe(true);
  });
});
