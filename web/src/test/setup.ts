import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

beforeAll(() => {
  // jsdom doesn't implement scrolling; <ScrollRestoration> calls it.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
});
