import { useEffect, useState, type MouseEvent } from 'react';
import { productPageRecommendations, type RecommendationResponse } from '../../shared/api/product';
import { ProductCarousel, type CarouselProduct } from '../../carousel/ProductCarousel';
import { settingsFromCarouselData } from '../../carousel/settings';
import { trackEvent } from '../../shared/tracking';
import { reportError } from '../../shared/ui/errors';

/**
 * The recommendation widgets of the product page (similar items, popular in
 * the department, customers also viewed), each as the API's carouselData
 * describes it. Widgets without products are left out; a failed call shows
 * nothing and is reported. A product click adds a RecommendationClick event.
 */
export function Recommendations({ blainNumber }: { blainNumber: string }) {
  const [answer, setAnswer] = useState<RecommendationResponse | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setAnswer(null);
    productPageRecommendations(blainNumber, abort.signal)
      .then((r) => {
        if (!abort.signal.aborted) setAnswer(r);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof DOMException && error.name === 'AbortError') return;
        reportError(error);
      });
    return () => abort.abort();
  }, [blainNumber]);

  if (!answer) return null;
  const widgets = answer.items.filter((w) => w.products.length > 0);
  if (widgets.length === 0) return null;

  return (
    <div className="recommendations">
      {widgets.map((w) => (
        <div key={w.widgetGuid} className="recommendations__widget" data-widget-guid={w.widgetGuid}>
          <ProductCarousel
            listId={w.widgetGuid}
            title={w.title ?? 'Recommended for You'}
            products={w.products}
            settings={settingsFromCarouselData(w.carouselData)}
            display={w.isCarousel ? 'carousel' : w.isVertical ? 'vertical' : 'grid'}
            onProductClick={(product: CarouselProduct, index: number, event: MouseEvent<HTMLAnchorElement>) =>
              trackEvent(
                'RecommendationClick',
                {
                  widget_guid: w.widgetGuid,
                  unique_id: product.blainNumber,
                  item_index: index,
                  request_id: answer.requestId || undefined,
                },
                event,
              )
            }
          />
        </div>
      ))}
    </div>
  );
}
