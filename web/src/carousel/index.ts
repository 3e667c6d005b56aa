export { Carousel } from './Carousel';
export type { CarouselProps } from './Carousel';
export { ProductCarousel, carouselTracking, CARD_IMAGE_SIZE } from './ProductCarousel';
export type { CarouselProduct, ProductCarouselProps } from './ProductCarousel';
export {
  CAROUSEL_CLICK_DELAY_MS,
  DEFAULT_SETTINGS,
  SLIDE_MS,
  layoutFor,
  nextStart,
  pageStarts,
  prevStart,
  settingsFromCarouselData,
} from './settings';
export type { CarouselSettings, CarouselLayout } from './settings';
