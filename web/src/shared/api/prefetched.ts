/**
 * The API answers a page was rendered with on the server (`src/ssr/`), by GET URL (or by
 * `postKey` for a read sent as a POST, like stock status): the first
 * render in the browser (hydration) reads the same answers synchronously, so it shows exactly
 * what the server's HTML shows, and nothing is fetched twice.
 *
 * In the browser the answers come from the page (`<script type="application/json"
 * id="ssr-data">`, see `main.tsx`) and hold until the first client-side navigation; after it a
 * page fetches as usual. On the server each render has its own set (`setServerScope`: the
 * renderer's per-request context), so two visitors' renders never see each other's answers.
 *
 * A body of `null` stands for a 204 (no content).
 */

type Answers = Map<string, unknown>;

let browserAnswers: Answers = new Map();
let serverScope: (() => Answers | undefined) | null = null;

function answers(): Answers {
  return serverScope?.() ?? browserAnswers;
}

/** The renderer's per-request answers (server only). */
export function setServerScope(scope: () => Answers | undefined): void {
  serverScope = scope;
}

/** The answers the server rendered the page with (browser, before hydration). */
export function primePrefetched(entries: Record<string, unknown>): void {
  browserAnswers = new Map(Object.entries(entries));
}

/** Forgets them: the page has moved on (a client-side navigation). */
export function clearPrefetched(): void {
  if (browserAnswers.size) browserAnswers = new Map();
}

/** The key of the answer to a read sent as `POST url` with `body` (stock status). */
export function postKey(url: string, body: unknown): string {
  return `POST ${url} ${JSON.stringify(body)}`;
}

/** Records an answer of the page being rendered (server). */
export function recordPrefetched(url: string, body: unknown): void {
  answers().set(url, body === undefined ? null : body);
}

/**
 * The prefetched body of `GET url`: `undefined` when there is none, `null` for a 204. Parse it
 * with the same normaliser the fetching function uses.
 */
export function prefetchedBody(url: string): unknown {
  const all = answers();
  return all.has(url) ? all.get(url) : undefined;
}

/** `parse` of the prefetched body of `GET url`, or `undefined` when there is none. */
export function prefetched<T>(url: string, parse: (body: unknown) => T): T | undefined {
  const body = prefetchedBody(url);
  if (body === undefined) return undefined;
  try {
    return parse(body === null ? undefined : body);
  } catch {
    // An answer that does not parse: the page fetches it as it would without one.
    return undefined;
  }
}

const derived = new WeakMap<Answers, Map<string, unknown>>();

/**
 * `derive()`, computed once per set of answers (a render on the server, the page in the
 * browser) and kept under `key`: a value React reads more than once must be the same object
 * each time (a store's server snapshot).
 */
export function fromPrefetched<T>(key: string, derive: () => T): T {
  const all = answers();
  let values = derived.get(all);
  if (!values) derived.set(all, (values = new Map()));
  if (!values.has(key)) values.set(key, derive());
  return values.get(key) as T;
}

/** All answers of the page being rendered (server: what goes into the page). */
export function allPrefetched(): Record<string, unknown> {
  return Object.fromEntries(answers());
}
