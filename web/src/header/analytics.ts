/**
 * Analytics pushes of the header (spec §7). They live in `src/shared/tracking`:
 * pushed to `window.dataLayer` when present and always posted to
 * `POST /event/a/analytics`.
 */
export {
  POPULAR_SEARCH_EVENT_DELAY_MS,
  pushDataLayer,
  trackMenuClick,
  trackPopularSearch,
} from '../shared/tracking/analytics';
