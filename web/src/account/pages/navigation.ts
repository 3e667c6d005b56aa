/**
 * A full document load of `url` (not client routing): after the session changed (a reset, an
 * update of the password, a deleted account) the next page starts from the server's state.
 * In a module of its own so tests can replace it (jsdom's `window.location` can't be spied on).
 */
export function loadPage(url: string): void {
  window.location.assign(url);
}
