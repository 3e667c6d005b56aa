import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

beforeAll(() => {
  // jsdom doesn't implement scrolling; <ScrollRestoration> calls it.
  window.scrollTo = () => {};
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
