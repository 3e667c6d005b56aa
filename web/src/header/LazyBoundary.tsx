import { Component, type ReactNode } from 'react';

interface LazyBoundaryProps {
  /** Called once when the lazily loaded part fails (e.g. a chunk gone after a deploy). */
  onError: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Keeps a failed lazy chunk (drawer, sign-in panel) from taking the whole
 * page down with the route error screen; the caller falls back instead.
 */
export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
