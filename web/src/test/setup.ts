import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

// findBy*/waitFor wait up to 3 s (1 s by default): on a loaded 2-core CI machine a route
// change or a debounced update can take longer than a second; a passing wait returns at once.
configure({ asyncUtilTimeout: 3000 });

// A test of the server's side (`// @vitest-environment node`) has no window.
const browser = typeof window !== 'undefined';

beforeAll(() => {
  // jsdom doesn't implement scrolling; <ScrollRestoration> calls it.
  if (browser) window.scrollTo = () => {};
});

/**
 * An `Image` that never loads anything: tracking events (/hawk.png image
 * requests) fired by rendered components go nowhere. Tests that assert
 * tracking stub `Image` themselves.
 */
class SilentImage {
  src = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
}

beforeEach(() => {
  if (!browser) return;
  vi.stubGlobal('Image', SilentImage);
  // jsdom has no sendBeacon: without this, every analytics push would fall
  // back to `fetch` and show up in the tests' fetch mocks.
  Object.defineProperty(window.navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: () => true,
  });
});

afterEach(() => {
  cleanup();
});
