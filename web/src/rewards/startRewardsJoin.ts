import { useEffect } from 'react';
import { openSignIn, useSignInPanel } from '../account/signInPanelStore';
import { useSession } from '../session';
import { openRewardsMenu, useRewardsMenu } from './rewardsMenuStore';

/**
 * Rewards join requires being signed in (accounts-rewards-search §4, §6): a guest who starts a
 * join gets the sign-in panel first, and the menu opens at join once they are signed in.
 * The request is kept in sessionStorage, so it survives the reload that follows a sign-in.
 */
export const REWARDS_JOIN_KEY = 'storefront:rewards-join';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled
  }
}

export function rewardsJoinRequested(): boolean {
  try {
    return storage()?.getItem(REWARDS_JOIN_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberJoin(asked: boolean): void {
  try {
    if (asked) storage()?.setItem(REWARDS_JOIN_KEY, '1');
    else storage()?.removeItem(REWARDS_JOIN_KEY);
  } catch {
    // quota or privacy mode: the join is just not resumed
  }
}

/**
 * The 'Join' entry points (the /rewards/ page, the account's rewards page): the rewards menu
 * at join for a signed-in customer, otherwise the sign-in panel, remembering the join.
 */
export function startRewardsJoin(): void {
  if (useSession.getState().loggedIn) {
    rememberJoin(false);
    openRewardsMenu('join');
    return;
  }
  rememberJoin(true);
  openSignIn();
}

/**
 * Opens the rewards menu at join once the visitor is signed in after asking to join (and the
 * sign-in panel is closed). Closing the sign-in panel without signing in forgets the request.
 * Mounted by `RewardsMenuHost`.
 */
export function useResumeRewardsJoin(): void {
  const loggedIn = useSession((s) => s.loggedIn);
  const signInOpen = useSignInPanel((s) => s.isOpen);

  useEffect(
    () =>
      useSignInPanel.subscribe((state, previous) => {
        if (previous.isOpen && !state.isOpen && !previous.signedIn && !useSession.getState().loggedIn) {
          rememberJoin(false);
        }
      }),
    [],
  );

  useEffect(() => {
    if (!loggedIn || signInOpen || !rewardsJoinRequested()) return;
    rememberJoin(false);
    // Already in the rewards steps (a registration that met a rewards account): stay there.
    if (!useRewardsMenu.getState().isOpen) openRewardsMenu('join');
  }, [loggedIn, signInOpen]);
}
