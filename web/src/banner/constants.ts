/** Banner timing (spec §9). */
export const SLIDE_TRANSITION_MS = 750;
/** How long a message stays still before the next slides in. */
export const SLIDE_PAUSE_MS = 7000;
/** Auto-advance interval: pause + transition. */
export const AUTO_ADVANCE_MS = SLIDE_PAUSE_MS + SLIDE_TRANSITION_MS; // 7750

export const AD_IMPRESSION_URL = '/event/a/sponsored-ad-impression';
export const AD_CLICK_URL = '/event/a/sponsored-ad-click';
