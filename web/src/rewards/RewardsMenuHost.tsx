import { lazy, Suspense, useState } from 'react';
import { LazyBoundary } from '../header/LazyBoundary';
import { useRewardsMenu } from './rewardsMenuStore';
import { useResumeRewardsJoin } from './startRewardsJoin';
import { ACCOUNT_REWARDS_PATH } from './steps/paths';

const RewardsMenu = lazy(() => import('./RewardsMenu'));

/**
 * Mounts the rewards side menu (its code loads on first open) and opens it at join once a
 * guest who asked to join has signed in. Render once, in the layout.
 */
export function RewardsMenuHost() {
  const isOpen = useRewardsMenu((s) => s.isOpen);
  const [needed, setNeeded] = useState(isOpen);
  if (isOpen && !needed) setNeeded(true);

  useResumeRewardsJoin();

  if (!needed) return null;
  // Its code failed to load: the account's rewards page instead.
  const fallback = () => {
    useRewardsMenu.getState().reset();
    window.location.assign(ACCOUNT_REWARDS_PATH);
  };
  return (
    <LazyBoundary onError={fallback}>
      <Suspense fallback={null}>
        <RewardsMenu />
      </Suspense>
    </LazyBoundary>
  );
}
