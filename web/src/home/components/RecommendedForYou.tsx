import type { MouseEvent } from 'react';
import { ProductCarousel, type CarouselProduct } from '../../carousel/ProductCarousel';
import { settingsFromCarouselData } from '../../carousel/settings';
import { trackEvent } from '../../shared/tracking';
import type { RecommendedLoad } from '../useRecommendedForYou';
import { CarouselSkeleton } from './Skeletons';

export const RECOMMENDED_TITLE = 'Recommended for you';

/**
 * 'Recommended for you': products like the shopper's most recently viewed
 * one. Left out without a history or products; a product click adds a
 * RecommendationClick event.
 */
export function RecommendedForYou({ load }: { load: RecommendedLoad }) {
  if (load.status === 'none') return null;
  if (load.status === 'loading') return <CarouselSkeleton />;
  const { widget, requestId } = load;
  return (
    <div className="home-recommended" data-widget-guid={widget.widgetGuid}>
      <ProductCarousel
        listId={widget.widgetGuid}
        title={RECOMMENDED_TITLE}
        products={widget.products}
        settings={settingsFromCarouselData(widget.carouselData)}
        onProductClick={(product: CarouselProduct, index: number, event: MouseEvent<HTMLAnchorElement>) =>
          trackEvent(
            'RecommendationClick',
            {
              widget_guid: widget.widgetGuid,
              unique_id: product.blainNumber,
              item_index: index,
              request_id: requestId || undefined,
            },
            event,
          )
        }
      />
    </div>
  );
}
