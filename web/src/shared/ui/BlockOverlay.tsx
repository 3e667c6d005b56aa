import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { BLOCK_OVERLAY_FADE_IN_MS, BLOCK_OVERLAY_FADE_OUT_MS, BLOCK_OVERLAY_OPACITY } from './constants';
import './BlockOverlay.css';

export type BlockOverlayPhase = 'hidden' | 'fading-in' | 'shown' | 'fading-out';

export interface BlockOverlayProps {
  /** While true the region under it is blocked. */
  active: boolean;
  /** Announced while blocked (a polite status). */
  label?: string;
  /** Cover the whole page instead of the nearest positioned ancestor. */
  fullPage?: boolean;
}

/**
 * A loading overlay that blocks the region under it (block overlay defaults,
 * spec §9): it fades in over 200 ms to opacity 0.6 and fades out over 400 ms,
 * then leaves the DOM. Clicks are blocked only while `active`. Give the
 * blocked region `aria-busy` yourself; the overlay announces `label`.
 */
export function BlockOverlay({ active, label = 'Loading…', fullPage = false }: BlockOverlayProps) {
  const [phase, setPhase] = useState<BlockOverlayPhase>(active ? 'fading-in' : 'hidden');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!active) return;
    }
    setPhase(active ? 'fading-in' : (p) => (p === 'hidden' ? 'hidden' : 'fading-out'));
    const id = setTimeout(
      () => setPhase((p) => (p === 'fading-in' ? 'shown' : p === 'fading-out' ? 'hidden' : p)),
      active ? BLOCK_OVERLAY_FADE_IN_MS : BLOCK_OVERLAY_FADE_OUT_MS,
    );
    return () => clearTimeout(id);
  }, [active]);

  if (phase === 'hidden') return null;
  const style = {
    '--block-overlay-opacity': String(BLOCK_OVERLAY_OPACITY),
    animationDuration: `${phase === 'fading-out' ? BLOCK_OVERLAY_FADE_OUT_MS : BLOCK_OVERLAY_FADE_IN_MS}ms`,
  } as CSSProperties;
  return (
    <div
      className={`block-overlay${fullPage ? ' block-overlay--page' : ''}`}
      data-phase={phase}
      data-testid="block-overlay"
      style={style}
    >
      <div className="block-overlay__shade" aria-hidden="true" />
      <span className="block-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden" role="status">
        {active ? label : ''}
      </span>
    </div>
  );
}
