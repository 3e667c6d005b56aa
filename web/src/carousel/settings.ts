/**
 * Carousel settings: the recommendation API's `carouselData`
 * (accounts-rewards-search §3) with the spec's defaults, and the layout for
 * a viewport width.
 */
import type { CarouselData, ResponsiveBreakpoint } from '../shared/api/product';

/** Slide animation (storefront-shell §9: 0.4 s). */
export const SLIDE_MS = 400;
/** Carousel click navigation delay (storefront-shell §9). */
export const CAROUSEL_CLICK_DELAY_MS = 100;
/** Resize debounce (storefront-shell §9): the shell's one constant. */
export { RESIZE_DEBOUNCE_MS } from '../shared/ui/constants';
/** A horizontal move of at least this many pixels is a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

/** Below `breakpoint` px of viewport width, show `nofVisible` items and move by `scrollNumber`. */
export type Breakpoint = ResponsiveBreakpoint;

export interface CarouselSettings {
  showNextPrevButtons: boolean;
  showDots: boolean;
  autoRotate: boolean;
  autoRotateSpeed: number;
  animationSpeed: number;
  nofVisible: number;
  scrollNumber: number;
  isCircular: boolean;
  enableResponsive: boolean;
  responsive: Breakpoint[];
}

/** The storefront's product carousel: 4 across, fewer on smaller screens. */
export const DEFAULT_SETTINGS: CarouselSettings = {
  showNextPrevButtons: true,
  showDots: false,
  autoRotate: false,
  autoRotateSpeed: 5000,
  animationSpeed: SLIDE_MS,
  nofVisible: 4,
  scrollNumber: 4,
  isCircular: false,
  enableResponsive: true,
  responsive: [
    { breakpoint: 1024, nofVisible: 3, scrollNumber: 3 },
    { breakpoint: 768, nofVisible: 2, scrollNumber: 2 },
    { breakpoint: 480, nofVisible: 1, scrollNumber: 1 },
  ],
};

function positiveInt(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function nonNegative(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Settings from the API's carouselData; missing or unreadable fields take the defaults. */
export function settingsFromCarouselData(data: Partial<CarouselData> | null | undefined): CarouselSettings {
  if (!data) return DEFAULT_SETTINGS;
  const nofVisible = positiveInt(data.nofVisible, DEFAULT_SETTINGS.nofVisible);
  const responsive = Array.isArray(data.responseiveConfig)
    ? data.responseiveConfig
        .filter((b) => b && typeof b.breakpoint === 'number' && b.breakpoint > 0)
        .map((b) => {
          const visible = positiveInt(b.nofVisible, 1);
          return { breakpoint: b.breakpoint, nofVisible: visible, scrollNumber: positiveInt(b.scrollNumber, visible) };
        })
    : DEFAULT_SETTINGS.responsive;
  return {
    showNextPrevButtons: bool(data.showNextPrevButtons, DEFAULT_SETTINGS.showNextPrevButtons),
    showDots: bool(data.showDots, DEFAULT_SETTINGS.showDots),
    autoRotate: bool(data.autoRotate, DEFAULT_SETTINGS.autoRotate),
    autoRotateSpeed: positiveInt(data.autoRotateSpeed, DEFAULT_SETTINGS.autoRotateSpeed),
    animationSpeed: nonNegative(data.animationSpeed, DEFAULT_SETTINGS.animationSpeed),
    nofVisible,
    scrollNumber: positiveInt(data.scrollNumber, nofVisible),
    isCircular: bool(data.isCircular, DEFAULT_SETTINGS.isCircular),
    enableResponsive: bool(data.enableResponsive, DEFAULT_SETTINGS.enableResponsive),
    responsive,
  };
}

export interface CarouselLayout {
  visible: number;
  scroll: number;
}

/**
 * Items shown and moved at a viewport width: the narrowest breakpoint the
 * width is below, else the base numbers. Scrolling never moves by more than
 * is shown.
 */
export function layoutFor(settings: CarouselSettings, width: number): CarouselLayout {
  let visible = settings.nofVisible;
  let scroll = settings.scrollNumber;
  if (settings.enableResponsive) {
    const match = settings.responsive
      .filter((b) => width < b.breakpoint)
      .sort((a, b) => a.breakpoint - b.breakpoint)[0];
    if (match) {
      visible = match.nofVisible;
      scroll = match.scrollNumber;
    }
  }
  visible = Math.max(1, visible);
  return { visible, scroll: Math.max(1, Math.min(scroll, visible)) };
}

/** The first item index of the last page. */
export function lastStart(count: number, visible: number): number {
  return Math.max(0, count - visible);
}

/** Where 'next' goes from `start` (null: nowhere). */
export function nextStart(start: number, count: number, layout: CarouselLayout, circular: boolean): number | null {
  const last = lastStart(count, layout.visible);
  if (start >= last) return circular && last > 0 ? 0 : null;
  return Math.min(last, start + layout.scroll);
}

/** Where 'previous' goes from `start` (null: nowhere). */
export function prevStart(start: number, count: number, layout: CarouselLayout, circular: boolean): number | null {
  const last = lastStart(count, layout.visible);
  if (start <= 0) return circular && last > 0 ? last : null;
  return Math.max(0, start - layout.scroll);
}

/** Page starts for the dots: 0, scroll, 2·scroll, …, the last start. */
export function pageStarts(count: number, layout: CarouselLayout): number[] {
  const last = lastStart(count, layout.visible);
  const starts: number[] = [];
  for (let s = 0; s < last; s += layout.scroll) starts.push(s);
  starts.push(last);
  return starts;
}
