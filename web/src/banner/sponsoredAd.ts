import { createStore } from 'zustand/vanilla';
import { fromPrefetched, prefetched } from '../shared/api/prefetched';
import { fetchSponsoredAd, normalizeMegaMenuAd, SPONSORED_AD_URL, type MegaMenuAd } from '../shared/api/shell';
import { withRenderedState } from '../shared/state/renderedStore';

interface SponsoredAdState {
  ad: MegaMenuAd | null;
  requested: boolean;
  /** The answer (an ad, none, or a failure) has come: the banner stops holding its place. */
  settled: boolean;
}

const store = createStore<SponsoredAdState>()(() => ({
  ad: null,
  requested: false,
  settled: false,
}));

/**
 * The ad a page rendered on the server was rendered with (site content the renderer
 * prefetched), else the initial state.
 */
function renderedState(): SponsoredAdState {
  return fromPrefetched('sponsored-ad', () => {
    const ad = prefetched(SPONSORED_AD_URL, (body) => (body === undefined ? null : normalizeMegaMenuAd(body)));
    return ad === undefined ? store.getInitialState() : { ad, requested: true, settled: true };
  });
}

/**
 * The sponsored ad of the site-messages banner (GET /globalresource/sponsored-ad/),
 * null until loaded or when there is none. A page rendered on the server has it in its HTML.
 */
export const useSponsoredAdStore = withRenderedState(store, renderedState);

/** Before hydration (browser): the ad the page was rendered with, so it is not fetched again. */
export function adoptRenderedAd(): void {
  const rendered = renderedState();
  if (rendered.settled && !store.getState().requested) store.setState(rendered);
}

/** Fetches the ad once per page load; later calls do nothing. A failure means no ad. */
export function loadSponsoredAd(): void {
  if (useSponsoredAdStore.getState().requested) return;
  useSponsoredAdStore.setState({ requested: true });
  fetchSponsoredAd()
    .then((ad) => useSponsoredAdStore.setState({ ad, settled: true }))
    .catch(() => {
      // No ad: the banner works without it.
      useSponsoredAdStore.setState({ settled: true });
    });
}

/**
 * A sponsored ad shown with the site messages (the mega-menu ad's shape;
 * the optional `text` is shown when there is no image).
 */
export interface SponsoredAd {
  adId: string | number;
  desktopImage?: string | null;
  mobileImage?: string | null;
  ctaLink?: string | null;
  bannerImageAccessibleText?: string | null;
  ctaAccessibleText?: string | null;
  text?: string | null;
}

/**
 * The banner's sponsored ad. It comes from site content
 * (GET /globalresource/sponsored-ad/, fetched once per page load by
 * `loadSponsoredAd`), not from the header data.
 */
export function useSponsoredAd(): SponsoredAd | null {
  return useSponsoredAdStore((s) => s.ad);
}

/** Tests only. */
export function resetSponsoredAd(): void {
  useSponsoredAdStore.setState({ ad: null, requested: false, settled: false });
}
