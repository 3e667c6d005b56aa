import { useEffect, useState } from 'react';
import { fetchRecommendations, WIDGETS, type RecommendationItem } from '../shared/api/product';
import { readRecentlyViewed } from '../product/recentlyViewed';
import { reportError } from '../shared/ui/errors';

/** The 'customers also viewed' widget, asked about the shopper's most recent product. */
export const RECOMMENDED_WIDGET = WIDGETS.alsoViewed;

export type RecommendedLoad =
  /** No history (or nothing to show): the section is left out. */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; widget: RecommendationItem; requestId: string };

/**
 * Products for this shopper: when they viewed a product in this browser,
 * the recommendation API's 'customers also viewed' products for the most
 * recent one (leaving that product itself out). 'none' without
 * a history, when the API answers no products, or when it fails (reported).
 */
export function useRecommendedForYou(): RecommendedLoad {
  const [recent] = useState(() => readRecentlyViewed()[0] ?? null);
  const [load, setLoad] = useState<RecommendedLoad>(() => (recent ? { status: 'loading' } : { status: 'none' }));

  useEffect(() => {
    if (!recent) return;
    const abort = new AbortController();
    fetchRecommendations(
      {
        clientGuid: 'storefront-web',
        enablePreview: false,
        widgetUids: [{ widgetGuid: RECOMMENDED_WIDGET, uniqueId: recent }],
        contextProperties: { uniqueId: recent },
      },
      abort.signal,
    )
      .then((answer) => {
        if (abort.signal.aborted) return;
        const widget = answer.items.find((w) => w.widgetGuid.toLowerCase() === RECOMMENDED_WIDGET) ?? answer.items[0];
        const products = widget ? widget.products.filter((p) => p.blainNumber !== recent) : [];
        setLoad(
          widget && products.length > 0
            ? { status: 'ready', widget: { ...widget, products }, requestId: answer.requestId }
            : { status: 'none' },
        );
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
        setLoad({ status: 'none' });
      });
    return () => abort.abort();
  }, [recent]);

  return load;
}
