import { AD_BLOCK_CHECK_INTERVAL_MS, AD_BLOCK_CHECK_LOOPS } from './constants';

/**
 * Class names content blockers hide (their cosmetic filter lists match them),
 * put on the bait element.
 */
export const AD_BAIT_CLASS_NAMES = ['adsbox', 'ad-banner', 'pub_300x250', 'text-ad', 'textAd'] as const;
export const AD_BAIT_TEST_ID = 'ad-block-bait';

/** Whether a blocker has removed or hidden the bait. */
export function isBaitBlocked(bait: HTMLElement): boolean {
  if (!bait.isConnected || bait.hidden) return true;
  const style = window.getComputedStyle(bait);
  if (style.display === 'none' || style.visibility === 'hidden') return true;
  // Real browsers lay it out at 1×1 px; a collapsed box means it was hidden.
  // (jsdom lays nothing out: it always reports 0 with no client rects.)
  const laidOut = typeof bait.getClientRects === 'function' && bait.getClientRects().length > 0;
  return laidOut && bait.offsetHeight === 0 && bait.offsetWidth === 0;
}

export interface AdBlockCheckOptions {
  intervalMs?: number;
  loops?: number;
  /** Where the bait goes (document.body by default). */
  root?: HTMLElement;
}

/**
 * The ad-block bait check (spec §9: every 50 ms, 5 loops): puts a bait
 * element in the page and looks at it every 50 ms, 5 times, as blockers hide
 * it a moment after it appears. Resolves `true` as soon as it is hidden or
 * removed, `false` after the fifth look; the bait is then taken out.
 */
export function checkAdBlock({
  intervalMs = AD_BLOCK_CHECK_INTERVAL_MS,
  loops = AD_BLOCK_CHECK_LOOPS,
  root = document.body,
}: AdBlockCheckOptions = {}): Promise<boolean> {
  const bait = document.createElement('div');
  bait.className = AD_BAIT_CLASS_NAMES.join(' ');
  bait.dataset.testid = AD_BAIT_TEST_ID;
  bait.setAttribute('aria-hidden', 'true');
  bait.style.cssText = 'position:absolute;left:-10000px;top:-10000px;width:1px;height:1px;pointer-events:none;';
  bait.innerHTML = '&nbsp;';
  root.appendChild(bait);

  return new Promise((resolve) => {
    let looked = 0;
    const timer = setInterval(() => {
      looked += 1;
      const blocked = isBaitBlocked(bait);
      if (blocked || looked >= loops) {
        clearInterval(timer);
        bait.remove();
        resolve(blocked);
      }
    }, intervalMs);
  });
}
