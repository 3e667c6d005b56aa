import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyBoundary } from './LazyBoundary';

function FailedChunk(): null {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('LazyBoundary', () => {
  it('reports the failure once and renders nothing, leaving the page alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    render(
      <>
        <LazyBoundary onError={onError}>
          <FailedChunk />
        </LazyBoundary>
        <p>Page content</p>
      </>,
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Page content')).toBeInTheDocument();
  });

  it('renders its children when they work', () => {
    render(
      <LazyBoundary onError={vi.fn()}>
        <p>Drawer</p>
      </LazyBoundary>,
    );
    expect(screen.getByText('Drawer')).toBeInTheDocument();
  });
});
