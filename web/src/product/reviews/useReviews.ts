import { useCallback, useEffect, useState } from 'react';
import { fetchReviews, type ReviewSort, type ReviewsAnswer, type ReviewView } from '../../shared/api/reviews';
import { reportError } from '../../shared/ui/errors';

export type ReviewsStatus = 'loading' | 'ready' | 'error';

export interface ReviewsState {
  status: ReviewsStatus;
  /**
   * The last answer: kept while the next page or sort loads (the list stays in place, marked
   * busy); undefined before the first; null when the server knows no such product (404), read
   * as no reviews.
   */
  answer: ReviewsAnswer | null | undefined;
  sort: ReviewSort;
  page: number;
  /** Another order, from its first page. */
  setSort: (sort: ReviewSort) => void;
  setPage: (page: number) => void;
  /** Asks for the same page again (after a review is written or removed, a sign-in). */
  reload: () => void;
  /** Changes one review as shown, without asking again (a helpful vote's new count). */
  updateReview: (id: string, patch: Partial<ReviewView>) => void;
}

/**
 * A product's reviews, one page at a time: asked again whenever the product, the sort, the
 * page or `reload()` changes it; an answer that arrives after a newer question is dropped. A
 * failed call is reported (a 404 is no failure: no reviews) and leaves the last answer shown.
 */
export function useReviews(product: string): ReviewsState {
  const [sort, setSortState] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<ReviewsStatus>('loading');
  const [answer, setAnswer] = useState<ReviewsAnswer | null | undefined>(undefined);

  useEffect(() => {
    const abort = new AbortController();
    setStatus('loading');
    fetchReviews(product, { sort, page }, abort.signal)
      .then((next) => {
        if (abort.signal.aborted) return;
        setAnswer(next);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
        setStatus('error');
      });
    return () => abort.abort();
  }, [product, sort, page, version]);

  const setSort = useCallback((next: ReviewSort) => {
    setSortState(next);
    setPage(1);
  }, []);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const updateReview = useCallback((id: string, patch: Partial<ReviewView>) => {
    setAnswer((current) =>
      current
        ? { ...current, reviews: current.reviews.map((r) => (r.id === id ? { ...r, ...patch } : r)) }
        : current,
    );
  }, []);

  return { status, answer, sort, page, setSort, setPage, reload, updateReview };
}
