import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../banner/useMediaQuery';
import {
  DEFAULT_SETTINGS,
  lastStart,
  layoutFor,
  nextStart,
  pageStarts,
  prevStart,
  SWIPE_THRESHOLD_PX,
  type CarouselSettings,
} from './settings';
import { useDebouncedWindowEvent } from '../shared/ui/useDebouncedWindowEvent';
import { useHydrated } from '../shared/ui/useHydrated';
import './carousel.css';

export interface CarouselProps<T> {
  /** The carousel's heading (also its accessible name). */
  title: string;
  headingLevel?: 2 | 3;
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  settings?: CarouselSettings;
  /** Called once, the first time the carousel is on screen. */
  onShown?: () => void;
  className?: string;
}

function viewportWidth(): number {
  return typeof window === 'undefined' ? SERVER_WIDTH : window.innerWidth;
}

/** The width a page rendered on the server is laid out for, until it has hydrated. */
const SERVER_WIDTH = 1280;

/** The viewport width, updated after resizing settles (250 ms). */
function useViewportWidth(): number {
  const hydrated = useHydrated();
  const [width, setWidth] = useState(viewportWidth);
  useDebouncedWindowEvent('resize', () => setWidth(viewportWidth()));
  return hydrated ? width : SERVER_WIDTH;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * An accessible slider of items (spec: carousels, 0.4 s slide).
 *
 * - Shows `nofVisible` items (fewer below the responsive breakpoints) and
 *   moves by `scrollNumber`, with Previous/Next buttons, optional dots and
 *   wrap-around (`isCircular`); items off screen are `inert`.
 * - Keyboard: ArrowLeft/ArrowRight move a page, Home/End go to the ends;
 *   when focus was on an item it moves to the first item now shown.
 * - Swipe (touch or pen): a horizontal move of 40 px or more.
 * - Position changes are announced politely; the slide takes
 *   `animationSpeed` ms and is instant with reduced motion.
 * - `autoRotate` rotates every `autoRotateSpeed` ms with a Pause button; it
 *   stops while hovered or focused and never runs with reduced motion.
 */
export function Carousel<T>({
  title,
  headingLevel = 2,
  items,
  itemKey,
  renderItem,
  settings = DEFAULT_SETTINGS,
  onShown,
  className,
}: CarouselProps<T>) {
  const headingId = useId();
  const trackId = useId();
  const root = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const width = useViewportWidth();
  const layout = layoutFor(settings, width);
  const count = items.length;
  const last = lastStart(count, layout.visible);
  const [rawStart, setStart] = useState(0);
  const start = Math.min(rawStart, last);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<number | null>(null);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const go = useCallback(
    (target: number | null, options: { focusItem?: boolean } = {}) => {
      if (target === null) return;
      const next = Math.max(0, Math.min(target, last));
      setStart(next);
      setAnnouncement(`Showing items ${next + 1} to ${Math.min(next + layout.visible, count)} of ${count}`);
      if (options.focusItem) focusAfterMove.current = next;
    },
    [last, layout.visible, count],
  );

  const next = nextStart(start, count, layout, settings.isCircular);
  const prev = prevStart(start, count, layout, settings.isCircular);

  // Keyboard moves that started on an item continue on the first item shown.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (target === null) return;
    focusAfterMove.current = null;
    const slide = track.current?.querySelectorAll<HTMLElement>('[data-carousel-slide]')[target];
    const focusable = slide?.matches(FOCUSABLE) ? slide : slide?.querySelector<HTMLElement>(FOCUSABLE);
    focusable?.focus();
  }, [start]);

  // Seen once.
  const shown = useRef(false);
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => {
    if (shown.current || count === 0) return;
    const fire = () => {
      if (shown.current) return;
      shown.current = true;
      onShownRef.current?.();
    };
    const element = root.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      fire();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        fire();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [count]);

  const rotating =
    settings.autoRotate && !paused && !hovered && !focusWithin && !reducedMotion && count > layout.visible;
  const { visible: visibleCount, scroll: scrollCount } = layout;
  useEffect(() => {
    if (!rotating) return;
    const id = window.setInterval(() => {
      setStart((s) => nextStart(Math.min(s, last), count, { visible: visibleCount, scroll: scrollCount }, true) ?? 0);
    }, settings.autoRotateSpeed);
    return () => window.clearInterval(id);
  }, [rotating, settings.autoRotateSpeed, last, count, visibleCount, scrollCount]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    let target: number | null;
    switch (event.key) {
      case 'ArrowRight':
        target = next;
        break;
      case 'ArrowLeft':
        target = prev;
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target === null || target === start) return;
    const onItem = (event.target as HTMLElement).closest?.('[data-carousel-slide]') != null;
    go(target, { focusItem: onItem });
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent<HTMLElement>) {
    const from = swipe.current;
    swipe.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
    swiped.current = true;
    window.setTimeout(() => {
      swiped.current = false;
    }, 0);
    go(dx < 0 ? next : prev);
  }

  function onClickCapture(event: MouseEvent<HTMLElement>) {
    // The tap that ended a swipe doesn't open an item.
    if (swiped.current) {
      event.preventDefault();
      event.stopPropagation();
      swiped.current = false;
    }
  }

  if (count === 0) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const paged = count > layout.visible;
  const dots = settings.showDots && paged ? pageStarts(count, layout) : [];
  const offset = (start * 100) / layout.visible;

  return (
    <section
      ref={root}
      className={className ? `carousel ${className}` : 'carousel'}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-start={start}
      data-visible={layout.visible}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusWithin(false);
      }}
    >
      <div className="carousel__header">
        <Heading id={headingId} className="carousel__title">
          {title}
        </Heading>
        {paged && (settings.showNextPrevButtons || settings.autoRotate) && (
          <div className="carousel__controls">
            {settings.autoRotate && !reducedMotion && (
              <button
                type="button"
                className="carousel__button carousel__button--pause"
                onClick={() => setPaused((p) => !p)}
                aria-label={paused ? `Play ${title}` : `Pause ${title}`}
              >
                <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
              </button>
            )}
            {settings.showNextPrevButtons && (
              <>
                <button
                  type="button"
                  className="carousel__button carousel__button--prev"
                  aria-label={`Previous items: ${title}`}
                  aria-controls={trackId}
                  disabled={prev === null}
                  onClick={() => go(prev)}
                >
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" />
                  </svg>
                </button>
                <button
                  type="button"
                  className="carousel__button carousel__button--next"
                  aria-label={`Next items: ${title}`}
                  aria-controls={trackId}
                  disabled={next === null}
                  onClick={() => go(next)}
                >
                  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
                  </svg>
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <div
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
        onClickCapture={onClickCapture}
      >
        <div
          id={trackId}
          ref={track}
          className="carousel__track"
          style={{
            transform: `translateX(-${offset}%)`,
            transitionDuration: `${reducedMotion ? 0 : settings.animationSpeed}ms`,
          }}
        >
          {items.map((item, index) => {
            const onScreen = index >= start && index < start + layout.visible;
            return (
              <div
                key={itemKey(item, index)}
                className="carousel__slide"
                style={{ flexBasis: `${100 / layout.visible}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                data-carousel-slide=""
                data-index={index}
                inert={!onScreen}
              >
                {renderItem(item, index)}
              </div>
            );
          })}
        </div>
      </div>
      {dots.length > 1 && (
        <div className="carousel__dots" role="group" aria-label={`Choose items: ${title}`}>
          {dots.map((s, i) => (
            <button
              key={s}
              type="button"
              className="carousel__dot"
              aria-label={`Show items ${s + 1} to ${Math.min(s + layout.visible, count)}`}
              aria-current={s === start ? 'true' : undefined}
              onClick={() => go(s)}
            >
              <span aria-hidden="true">{i + 1}</span>
            </button>
          ))}
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}
