/**
 * The UI primitives' constants, word for word from the specs
 * (storefront-shell.md §9, accounts-rewards-search.md §4 and §9). Every
 * primitive and every feature that has such behaviour reads them from here.
 */

// ------------------------------------------------------------- tooltips
/** Tooltip states (accounts-rewards-search §4): closed, appearing, stable, disappearing. */
export const TOOLTIP_STATES = ['closed', 'appearing', 'stable', 'disappearing'] as const;
export type TooltipState = (typeof TOOLTIP_STATES)[number];
/** Tooltip defaults (accounts-rewards-search §9): delay 300 ms … */
export const TOOLTIP_DELAY_MS = 300;
/** … distance 6 (px between the tooltip and its trigger) … */
export const TOOLTIP_DISTANCE_PX = 6;
/** … z-index 9999999. */
export const TOOLTIP_Z_INDEX = 9999999;
/**
 * How long the appearing and disappearing fades last. Not a spec constant
 * (the spec names the states, not their length); skipped with reduced motion.
 */
export const TOOLTIP_FADE_MS = 150;

// ------------------------------------------------------------- popovers
/** Popover dismiss delay (accounts-rewards-search §9): 250 ms after the pointer leaves. */
export const POPOVER_DISMISS_MS = 250;

// --------------------------------------------------------- block overlay
/** Block overlay defaults (both specs §9): fade in 200 ms, fade out 400 ms, opacity 0.6. */
export const BLOCK_OVERLAY_FADE_IN_MS = 200;
export const BLOCK_OVERLAY_FADE_OUT_MS = 400;
export const BLOCK_OVERLAY_OPACITY = 0.6;

// ------------------------------------------------------ scroll and resize
/** Scroll and resize debounce (storefront-shell §9): 250 ms. */
export const SCROLL_DEBOUNCE_MS = 250;
export const RESIZE_DEBOUNCE_MS = 250;
/** The second resize debounce: 150 ms in the legacy helper (accounts-rewards-search §9). */
export const LEGACY_RESIZE_DEBOUNCE_MS = 150;
/** The third resize debounce: 50 ms in the rewards menu (accounts-rewards-search §9). */
export const REWARDS_RESIZE_DEBOUNCE_MS = 50;

// --------------------------------------------------------- back to top
/** Back-to-top (accounts-rewards-search §9): animation 500 ms, fade 200 ms. */
export const BACK_TO_TOP_ANIMATION_MS = 500;
export const BACK_TO_TOP_FADE_MS = 200;

// --------------------------------------------------------------- banner
/** Banner (storefront-shell §9): slide transition 750 ms … */
export const BANNER_SLIDE_TRANSITION_MS = 750;
/** … pause constant 7000 ms (how long a message stays still) … */
export const BANNER_PAUSE_MS = 7000;
/** … auto-advance interval 7750 ms (pause + transition). */
export const BANNER_AUTO_ADVANCE_MS = BANNER_PAUSE_MS + BANNER_SLIDE_TRANSITION_MS;

// ------------------------------------------------------------- ad block
/** Ad-block bait check (storefront-shell §9): 50 ms interval, 5 loops. */
export const AD_BLOCK_CHECK_INTERVAL_MS = 50;
export const AD_BLOCK_CHECK_LOOPS = 5;
/** storefront-shell §8: 'Feedback blocked by an ad blocker'. */
export const AD_BLOCKED_MESSAGE = 'A browser extension appears to be blocking this feature!';
