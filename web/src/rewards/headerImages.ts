import joinImage from './images/rewards-join.svg';
import successImage from './images/rewards-success.svg';
import verifyImage from './images/rewards-verify.svg';
import type { RewardsStep } from './rewardsMenuStore';

/** The three header pictures of the rewards menu's steps (spec §2.3). */
export const HEADER_IMAGES = { join: joinImage, verify: verifyImage, success: successImage } as const;

/** Join and connect; the verification steps; the outcomes. */
export function headerImageFor(step: RewardsStep): string {
  switch (step) {
    case 'join':
    case 'connect':
      return HEADER_IMAGES.join;
    case 'success':
    case 'customer-has-rewards':
      return HEADER_IMAGES.success;
    default:
      return HEADER_IMAGES.verify;
  }
}

let preloaded = false;

/** Loads the three pictures once, when the menu first mounts, so step changes show them at once. */
export function preloadHeaderImages(): void {
  if (preloaded) return;
  preloaded = true;
  for (const src of Object.values(HEADER_IMAGES)) {
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
  }
}
