/**
 * Reloads the page. Lives in its own module so tests can replace it
 * (`vi.mock('./reload')`): jsdom's `window.location` can't be spied on.
 */
export function reloadPage(): void {
  window.location.reload();
}
