import { BANNER_AUTO_ADVANCE_MS, BANNER_PAUSE_MS, BANNER_SLIDE_TRANSITION_MS } from '../shared/ui/constants';

/** Banner timing (spec §9), from the shared UI constants. */
export const SLIDE_TRANSITION_MS = BANNER_SLIDE_TRANSITION_MS; // 750
/** How long a message stays still before the next slides in: the pause constant. */
export const SLIDE_PAUSE_MS = BANNER_PAUSE_MS; // 7000
/** Auto-advance interval: pause + transition. */
export const AUTO_ADVANCE_MS = BANNER_AUTO_ADVANCE_MS; // 7750

export const AD_IMPRESSION_URL = '/event/a/sponsored-ad-impression';
export const AD_CLICK_URL = '/event/a/sponsored-ad-click';
