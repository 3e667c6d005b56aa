import { useCallback, useEffect, useState } from 'react';
import { fetchHome, prefetchedHome, type HomeContent } from '../shared/api/home';
import { reportError } from '../shared/ui/errors';

export type HomeLoad =
  | { status: 'loading' }
  | { status: 'ready'; content: HomeContent }
  | { status: 'error' };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * `GET /api/home`, with a retry for the error state. A page rendered on the server starts from
 * the content it was rendered with.
 */
export function useHomeContent(): { load: HomeLoad; retry: () => void } {
  const [load, setLoad] = useState<HomeLoad>(() => {
    const content = prefetchedHome();
    return content ? { status: 'ready', content } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && prefetchedHome()) return;
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    fetchHome(abort.signal)
      .then((content) => {
        if (!abort.signal.aborted) setLoad({ status: 'ready', content });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted || isAbort(error)) return;
        reportError(error);
        setLoad({ status: 'error' });
      });
    return () => abort.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, retry };
}
