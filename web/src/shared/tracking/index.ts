export {
  EVENT_TYPES,
  PAGE_TYPES,
  SEARCH_TYPES,
  SUGGEST_TYPES,
  TRACKING_VERSION,
  UNKNOWN_EVENT_MESSAGE,
  resolveEventName,
} from './codes';
export type { EventName, PageType, SuggestType } from './codes';
export {
  HAWK_URL,
  TRACKING_CLIENT_ID,
  retryPendingEvents,
  trackEvent,
} from './hawk';
export type { TrackingFields, TrackOptions } from './hawk';
export { pageTypeFor, trackPageLoad, usePageLoadTracking } from './pageLoad';
export {
  ANALYTICS_URL,
  CAROUSEL_CLICK_URL,
  PRODUCT_VIEW_URL,
  POPULAR_SEARCH_EVENT_DELAY_MS,
  pushDataLayer,
  sendCarouselClickBeacon,
  sendProductView,
  trackCarouselClick,
  trackCarouselView,
  trackEmailSubscribe,
  trackMenuClick,
  trackPopularSearch,
} from './analytics';
export type { AnalyticsEvent, CarouselTracking, ProductView } from './analytics';
export { sendJsonBeacon } from './beacon';
