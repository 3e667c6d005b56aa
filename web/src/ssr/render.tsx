/**
 * Renders a shopper page on the server with React (`renderToString`), as the browser's first
 * render will: the same routes (`app/routes.tsx`), the route loaders' data and the API answers
 * the page's hooks read (`prefetch.ts`), which go into the page so hydration starts from them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ServerRendered } from '../app/routes';
import { routes } from '../app/routes';
import { setServerFetch } from '../shared/api/client';
import { allPrefetched, setServerScope } from '../shared/api/prefetched';
import { assetLinks, type Manifest } from './assets';
import { prefetchPage } from './prefetch';

export interface RenderRequest {
  /** The page's path and query (`/product/1/rope/?x=1`). */
  url: string;
  /** The store's API (`http://127.0.0.1:8080`): where the page's data comes from. */
  api: string;
  /** The visitor's Cookie header, so the API answers for them (their store). */
  cookie: string | null;
}

export interface Rendered {
  /** Links for the page's chunk and style sheets, for the end of the head. */
  head: string;
  /** The markup of `#root`. */
  body: string;
  /** The JSON of `#ssr-data` (no `<` in it): the router's loader data and the API answers. */
  data: string;
}

interface Scope {
  request: RenderRequest;
  answers: Map<string, unknown>;
}

const scope = new AsyncLocalStorage<Scope>();

setServerScope(() => scope.getStore()?.answers);
setServerFetch((url, init) => {
  const current = scope.getStore();
  if (!current) return Promise.reject(new Error('An API call outside a render'));
  const headers = new Headers(init.headers);
  if (current.request.cookie) headers.set('Cookie', current.request.cookie);
  return fetch(new URL(url, current.request.api), {
    ...init,
    headers,
    credentials: undefined,
    signal: init.signal ?? AbortSignal.timeout(1500),
  });
});

const handler = createStaticHandler(routes);

/** JSON safe inside a script element: no `<` (so no `</script>` and no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * React 19 writes the `<title>` a page renders at the start of its markup; the store's server
 * writes the page's head itself (the same title, from the same data), so it is left out here.
 */
function withoutHoisted(markup: string): string {
  return markup.replace(/^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)+/, '');
}

/**
 * The page at `request.url`, or null when it is not rendered on the server: a route without
 * `handle.ssr` (account, cart, checkout), an unknown page, a redirect or an error.
 */
export async function render(request: RenderRequest, manifest: Manifest): Promise<Rendered | null> {
  const url = new URL(request.url, 'http://storefront.invalid');
  return scope.run({ request, answers: new Map() }, async () => {
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    if (context.errors || context.statusCode !== 200) return null;
    const page = context.matches.at(-1);
    const module = (page?.route.handle as ServerRendered | undefined)?.ssr?.module;
    if (!page || !module) return null;
    await prefetchPage(module, url, page.params);
    const router = createStaticRouter(handler.dataRoutes, context);
    const body = renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    const data = {
      router: { loaderData: context.loaderData, actionData: context.actionData },
      api: allPrefetched(),
    };
    return { head: assetLinks(manifest, [module]), body: withoutHoisted(body), data: scriptJson(data) };
  });
}
