import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from './useHydrated';
import {
  TOOLTIP_DELAY_MS,
  TOOLTIP_DISTANCE_PX,
  TOOLTIP_FADE_MS,
  TOOLTIP_Z_INDEX,
  type TooltipState,
} from './constants';
import './Tooltip.css';

export type { TooltipState };

/** Keeps the tooltip this far from the viewport's edges. */
const EDGE_PX = 4;

export interface TooltipPosition {
  top: number;
  left: number;
  placement: 'top' | 'bottom';
}

type Rect = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'width'>;

/**
 * Where a tooltip of `size` goes for a trigger at `trigger`: centred above it,
 * `TOOLTIP_DISTANCE_PX` (6) away; below it when there is no room above; kept
 * inside the viewport horizontally.
 */
export function tooltipPosition(
  trigger: Rect,
  size: { width: number; height: number },
  viewportWidth: number,
): TooltipPosition {
  const above = trigger.top - TOOLTIP_DISTANCE_PX - size.height;
  const placement = above >= EDGE_PX ? 'top' : 'bottom';
  const top = placement === 'top' ? above : trigger.bottom + TOOLTIP_DISTANCE_PX;
  const centred = trigger.left + trigger.width / 2 - size.width / 2;
  const left = Math.max(EDGE_PX, Math.min(centred, viewportWidth - size.width - EDGE_PX));
  return { top, left, placement };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface TooltipProps {
  /** The tooltip's text: also the trigger's accessible description. */
  content: ReactNode;
  /**
   * One focusable element (a button or link); it gets `aria-describedby`.
   * A non-focusable trigger would hide the tooltip from keyboard users.
   */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** Reports every state change (closed, appearing, stable, disappearing). */
  onStateChange?: (state: TooltipState) => void;
}

/**
 * A tooltip (role=tooltip, the trigger's `aria-describedby`).
 *
 * - Pointer: shows `TOOLTIP_DELAY_MS` (300 ms) after the pointer rests on the
 *   trigger; leaving before then shows nothing. The pointer may move onto the
 *   tooltip without it closing.
 * - Keyboard: focusing the trigger shows it at once; Escape hides it (and
 *   nothing else: the Escape does not reach an enclosing dialog).
 * - States: closed → appearing → stable → disappearing → closed; appearing and
 *   disappearing are the fades (skipped with reduced motion).
 * - Placed `TOOLTIP_DISTANCE_PX` (6 px) above the trigger, or below when there
 *   is no room; z-index `TOOLTIP_Z_INDEX` (9999999).
 */
export function Tooltip({ content, children, onStateChange }: TooltipProps) {
  const id = useId();
  const hydrated = useHydrated();
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const [state, setStateRaw] = useState<TooltipState>('closed');
  const [position, setPosition] = useState<TooltipPosition | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Where the tooltip is wanted: pointer over the trigger or tooltip, focus in the trigger. */
  const hovered = useRef(false);
  const focused = useRef(false);
  /** Escape hid it: stays hidden until the pointer and focus have both left. */
  const dismissed = useRef(false);
  const stateRef = useRef<TooltipState>('closed');
  const report = useRef(onStateChange);
  report.current = onStateChange;

  const setState = useCallback((next: TooltipState) => {
    if (stateRef.current === next) return;
    stateRef.current = next;
    setStateRaw(next);
    report.current?.(next);
  }, []);

  const later = useCallback((ms: number, run: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (delay: number) => {
      if (dismissed.current) return;
      const current = stateRef.current;
      if (current === 'stable' || current === 'appearing') {
        clearTimeout(timer.current);
        // A fade in progress still has to end.
        if (current === 'appearing') later(TOOLTIP_FADE_MS, () => setState('stable'));
        return;
      }
      const appear = () => {
        if (prefersReducedMotion()) {
          setState('stable');
          return;
        }
        setState('appearing');
        later(TOOLTIP_FADE_MS, () => setState('stable'));
      };
      // Coming back while it fades out: no second delay.
      if (current === 'disappearing' || delay <= 0) appear();
      else later(delay, appear);
    },
    [later, setState],
  );

  const hide = useCallback(() => {
    if (hovered.current || focused.current) return;
    const current = stateRef.current;
    clearTimeout(timer.current);
    if (current === 'closed' || current === 'disappearing') {
      if (current === 'disappearing') later(TOOLTIP_FADE_MS, () => setState('closed'));
      return;
    }
    if (prefersReducedMotion()) {
      setState('closed');
      return;
    }
    setState('disappearing');
    later(TOOLTIP_FADE_MS, () => setState('closed'));
  }, [later, setState]);

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    dismissed.current = true;
    setState('closed');
  }, [setState]);

  const visible = state !== 'closed';

  // Escape while the pointer (not focus) is on the trigger.
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, dismiss]);

  // Position on open and keep it next to the trigger while the page moves.
  useLayoutEffect(() => {
    if (!visible) return;
    const place = () => {
      const trigger = anchor.current?.getBoundingClientRect();
      const box = tip.current?.getBoundingClientRect();
      if (!trigger || !box) return;
      setPosition(tooltipPosition(trigger, { width: box.width, height: box.height }, window.innerWidth));
    };
    place();
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [visible]);

  const onEnter = () => {
    hovered.current = true;
    show(TOOLTIP_DELAY_MS);
  };
  const onLeave = () => {
    hovered.current = false;
    if (!focused.current) dismissed.current = false;
    hide();
  };
  const onFocus = () => {
    focused.current = true;
    show(0);
  };
  const onBlur = (event: FocusEvent<HTMLSpanElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focused.current = false;
    if (!hovered.current) dismissed.current = false;
    hide();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === 'Escape' && stateRef.current !== 'closed') {
      // Only the tooltip closes: a dialog around the trigger stays open.
      event.stopPropagation();
      dismiss();
    }
  };

  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');

  return (
    <>
      <span
        ref={anchor}
        className="tooltip-anchor"
        onMouseEnter={onEnter}
        onMouseLeave={onLeave}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      >
        {cloneElement(children, { 'aria-describedby': describedBy })}
      </span>
      {hydrated &&
        createPortal(
        <div
          ref={tip}
          id={id}
          role="tooltip"
          className="tooltip"
          data-state={state}
          data-placement={position?.placement ?? 'top'}
          hidden={!visible}
          style={{
            zIndex: TOOLTIP_Z_INDEX,
            top: position ? `${position.top}px` : undefined,
            left: position ? `${position.left}px` : undefined,
            animationDuration: `${TOOLTIP_FADE_MS}ms`,
          }}
          onMouseEnter={onEnter}
          onMouseLeave={onLeave}
        >
          {content}
        </div>,
        document.body,
      )}
    </>
  );
}
