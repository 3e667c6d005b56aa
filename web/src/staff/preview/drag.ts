/**
 * Reordering the pinned cards by dragging a card's handle (CardControls), with the mouse, a pen
 * or a finger: Pointer Events on the handle, which captures the pointer from the press on (the
 * browser's drag and drop does not work on touch screens). The press becomes a drag once the
 * pointer has moved a few pixels, so a click stays a click.
 *
 * While it drags, the card is dimmed and the pinned card it would land next to is marked on the
 * side it would go to (classes on the cards' own elements and on the page's root, preview.css:
 * nothing is styled inline, which the page's Content Security Policy would refuse). Only the
 * pins the page shows are drop targets: released over a card that is not pinned, away from the
 * pinned cards, or where it already is, the drag changes nothing; Escape cancels it. A drag near
 * the window's top or bottom edge scrolls the page (a finger on the handle cannot scroll it).
 *
 * A drop gives the gap it was dropped at among the shown pins (order.ts, dropPlace); the preview
 * sends the board's whole new order, as Move up and Move down do.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { cardElement, type PreviewCard } from './dom';
import { dropPlace } from './order';

/** A box on the screen, in the window's coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A result card's box, and whether it is a drop target (one of the pins the page shows). */
export interface CardBox {
  blainNumber: string;
  pinned: boolean;
  box: Box;
}

/**
 * Where a dragged card would land: before or after a pinned card, along the way the cards flow
 * (`x`: in a row, as in the results grid; `y`: in a column, as on a narrow screen).
 */
export interface DropTarget {
  blainNumber: string;
  side: 'before' | 'after';
  axis: 'x' | 'y';
}

function contains(box: Box, x: number, y: number): boolean {
  return x >= box.left && x < box.right && y >= box.top && y < box.bottom;
}

/**
 * The drop target at the point (x, y), the cards in page order:
 * - over a pinned card: before it when the point is in its first half (the left half when the
 *   card shares its row with another card, else the top half), after it otherwise;
 * - over a card that is not pinned: none;
 * - between the pinned cards (a gap of the grid, inside the box around them all): the target it
 *   had (`previous`), so the marker does not flicker as the pointer crosses a gap;
 * - anywhere else: none.
 */
export function dropTargetAt(
  cards: readonly CardBox[],
  x: number,
  y: number,
  previous: DropTarget | null,
): DropTarget | null {
  const under = cards.find((c) => contains(c.box, x, y));
  if (under) {
    if (!under.pinned) return null;
    const { box } = under;
    const row = cards.some(
      (c) =>
        c !== under &&
        c.box.top < box.bottom &&
        c.box.bottom > box.top &&
        (c.box.left >= box.right || c.box.right <= box.left),
    );
    const first = row ? x < (box.left + box.right) / 2 : y < (box.top + box.bottom) / 2;
    return { blainNumber: under.blainNumber, side: first ? 'before' : 'after', axis: row ? 'x' : 'y' };
  }
  const pinned = cards.filter((c) => c.pinned);
  if (previous === null || pinned.length === 0) return null;
  const around: Box = {
    left: Math.min(...pinned.map((c) => c.box.left)),
    top: Math.min(...pinned.map((c) => c.box.top)),
    right: Math.max(...pinned.map((c) => c.box.right)),
    bottom: Math.max(...pinned.map((c) => c.box.bottom)),
  };
  return contains(around, x, y) ? previous : null;
}

/** The gap a target stands for among the shown pins (before `shown[gap]`), or null when its card is not one. */
export function targetGap(shown: readonly string[], target: DropTarget): number | null {
  const at = shown.indexOf(target.blainNumber);
  return at < 0 ? null : at + (target.side === 'after' ? 1 : 0);
}

/** Within this many pixels of the window's top (below the preview bar) or bottom, a drag scrolls the page. */
export const EDGE = 48;
const MAX_SCROLL = 16;

/**
 * How far a drag at `y` scrolls the page each frame: up (negative) near the top of the window
 * (`top`: the preview bar's bottom), down near its bottom, faster closer to the edge; else 0.
 */
export function edgeScroll(y: number, top: number, bottom: number): number {
  if (y < top + EDGE) return -Math.ceil((MAX_SCROLL * Math.min(EDGE, top + EDGE - y)) / EDGE);
  if (y > bottom - EDGE) return Math.ceil((MAX_SCROLL * Math.min(EDGE, y - (bottom - EDGE))) / EDGE);
  return 0;
}

/** What a running drag shows: the dragged pin, where it would land, and the place it would take there. */
export interface PinDrag {
  item: string;
  /** The target a drop would move it to; null: a drop now changes nothing. */
  target: DropTarget | null;
  /** Its gap among the shown pins (see dropPlace), and the place (0-based) the item takes. */
  gap: number | null;
  place: number | null;
}

function samePinDrag(a: PinDrag | null, b: PinDrag): boolean {
  return (
    a !== null &&
    a.item === b.item &&
    a.gap === b.gap &&
    a.place === b.place &&
    a.target?.blainNumber === b.target?.blainNumber &&
    a.target?.side === b.target?.side &&
    a.target?.axis === b.target?.axis
  );
}

/** The handle's pointer events (CardControls hands them over). */
export interface PinDragHandle {
  down: (card: PreviewCard, event: ReactPointerEvent<HTMLElement>) => void;
  move: (event: ReactPointerEvent<HTMLElement>) => void;
  up: (event: ReactPointerEvent<HTMLElement>) => void;
  /** The pointer cancelled (a touch turned into a gesture) or its capture lost. */
  cancel: (event: ReactPointerEvent<HTMLElement>) => void;
}

/** The press on a handle, from the pointer's down to its up. */
interface Press {
  pointerId: number;
  card: PreviewCard;
  handle: HTMLElement;
  startX: number;
  startY: number;
  x: number;
  y: number;
  /** Moved past the threshold: a drag (else a click, still). */
  dragging: boolean;
  target: DropTarget | null;
}

/** How far (px) the pointer moves before a press becomes a drag. */
const THRESHOLD = 4;

/** The page's root while a drag runs (the grabbing cursor everywhere, no text selected). */
export const DRAGGING_PAGE_CLASS = 'staff-preview-dragging';
/** The dragged card's element. */
export const DRAGGED_CLASS = 'staff-preview-dragged';
/** The card a drop would land next to: with `--before` or `--after`, and `--x` or `--y` (the flow). */
export const DROP_CLASS = 'staff-preview-drop';

/**
 * The drag of pinned cards on the page: the running drag (to show), and the handlers for the
 * cards' handles. `onDrop` is called with the dragged card and its gap among `shown` when a drop
 * moves it; never while `disabled` (a change runs), when a drag in progress is cancelled.
 */
export function usePinDrag({
  cards,
  shown,
  disabled,
  onDrop,
}: {
  cards: readonly PreviewCard[];
  /** The pinned cards the page shows, in order. */
  shown: readonly string[];
  disabled: boolean;
  onDrop: (card: PreviewCard, gap: number) => void;
}): { drag: PinDrag | null; handle: PinDragHandle } {
  const [drag, setDrag] = useState<PinDrag | null>(null);
  const press = useRef<Press | null>(null);
  const frame = useRef(0);
  const latest = useRef({ cards, shown, disabled, onDrop });
  useLayoutEffect(() => {
    latest.current = { cards, shown, disabled, onDrop };
  });

  const control = useMemo(() => {
    /** Where the press would drop now, from the cards' boxes as they are on the screen. */
    function measure(p: Press): PinDrag {
      const { cards, shown } = latest.current;
      const boxes: CardBox[] = [];
      for (const card of cards) {
        const rect = cardElement(card)?.getBoundingClientRect();
        if (!rect || rect.width === 0 || rect.height === 0) continue;
        boxes.push({ blainNumber: card.blainNumber, pinned: card.pinned && shown.includes(card.blainNumber), box: rect });
      }
      p.target = dropTargetAt(boxes, p.x, p.y, p.target);
      const gap = p.target === null ? null : targetGap(shown, p.target);
      const place = gap === null ? null : dropPlace(shown, p.card.blainNumber, gap);
      return place === null
        ? { item: p.card.blainNumber, target: null, gap: null, place: null }
        : { item: p.card.blainNumber, target: p.target, gap, place };
    }

    function show(p: Press) {
      const next = measure(p);
      setDrag((previous) => (samePinDrag(previous, next) ? previous : next));
    }

    function stopScrolling() {
      if (frame.current !== 0) window.cancelAnimationFrame(frame.current);
      frame.current = 0;
    }

    function scrollSpeed(p: Press): number {
      const root = document.documentElement;
      const bar = Number.parseFloat(getComputedStyle(root).getPropertyValue('--staff-preview-height')) || 0;
      return edgeScroll(p.y, bar, window.innerHeight);
    }

    /** One frame of the scroll near an edge; the next while the pointer stays there. */
    function scrollFrame() {
      frame.current = 0;
      const p = press.current;
      if (!p?.dragging) return;
      const speed = scrollSpeed(p);
      if (speed === 0) return;
      window.scrollBy(0, speed);
      show(p);
      frame.current = window.requestAnimationFrame(scrollFrame);
    }

    /** Ends the press (dropped or not): nothing marked any more, the pointer let go. */
    function end(): Press | null {
      const p = press.current;
      press.current = null;
      stopScrolling();
      setDrag(null);
      if (p && p.handle.hasPointerCapture?.(p.pointerId)) p.handle.releasePointerCapture(p.pointerId);
      return p;
    }

    const handle: PinDragHandle = {
      down(card, event) {
        if (press.current !== null || latest.current.disabled || !event.isPrimary) return;
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        // No text selected and no native drag of the button; the focus given to the handle.
        event.preventDefault();
        const element = event.currentTarget;
        element.focus({ preventScroll: true });
        try {
          element.setPointerCapture?.(event.pointerId);
        } catch {
          // The pointer is no longer active: its moves and up still reach the handle while over it.
        }
        press.current = {
          pointerId: event.pointerId,
          card,
          handle: element,
          startX: event.clientX,
          startY: event.clientY,
          x: event.clientX,
          y: event.clientY,
          dragging: false,
          target: null,
        };
      },
      move(event) {
        const p = press.current;
        if (!p || event.pointerId !== p.pointerId) return;
        p.x = event.clientX;
        p.y = event.clientY;
        if (!p.dragging) {
          if (Math.hypot(p.x - p.startX, p.y - p.startY) < THRESHOLD) return;
          p.dragging = true;
        }
        show(p);
        if (frame.current === 0 && scrollSpeed(p) !== 0) frame.current = window.requestAnimationFrame(scrollFrame);
      },
      up(event) {
        const p = press.current;
        if (!p || event.pointerId !== p.pointerId) return;
        p.x = event.clientX;
        p.y = event.clientY;
        const dropped = p.dragging ? measure(p) : null;
        end();
        if (dropped && dropped.gap !== null && !latest.current.disabled) latest.current.onDrop(p.card, dropped.gap);
      },
      cancel(event) {
        if (press.current?.pointerId === event.pointerId) end();
      },
    };
    return { handle, end };
  }, []);

  const dragging = drag !== null;

  // Escape cancels the drag (and only does that: the page does not see it).
  useEffect(() => {
    if (!dragging) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      control.end();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dragging, control]);

  // A change started, or the dragged card no longer shown as pinned (the page drawn anew): cancelled.
  useEffect(() => {
    const p = press.current;
    if (p && (disabled || !shown.includes(p.card.blainNumber))) control.end();
  }, [disabled, shown, control]);

  // Nothing left running once the preview is gone.
  useEffect(
    () => () => {
      control.end();
    },
    [control],
  );

  // The dragged card and the target marked on the page (preview.css).
  useEffect(() => {
    if (!drag) return;
    const marked: [Element, string[]][] = [];
    const mark = (element: Element | null | undefined, ...names: string[]) => {
      if (!element) return;
      element.classList.add(...names);
      marked.push([element, names]);
    };
    const element = (id: string) => {
      const card = cards.find((c) => c.blainNumber === id);
      return card ? cardElement(card) : null;
    };
    mark(document.documentElement, DRAGGING_PAGE_CLASS);
    mark(element(drag.item), DRAGGED_CLASS);
    if (drag.target) {
      const { blainNumber, side, axis } = drag.target;
      mark(element(blainNumber), DROP_CLASS, `${DROP_CLASS}--${side}`, `${DROP_CLASS}--${axis}`);
    }
    return () => {
      for (const [element, names] of marked) element.classList.remove(...names);
    };
  }, [drag, cards]);

  return { drag, handle: control.handle };
}
