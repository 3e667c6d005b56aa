import { useEffect } from 'react';
import { refreshHeader, useSession } from './sessionStore';

/**
 * Loads the header data on mount and refetches it when the page is shown
 * again from the back/forward cache (spec §7: "refetched on page show").
 * The first `pageshow` of a fresh load is covered by the mount.
 */
export function useHeaderDataLifecycle(): void {
  useEffect(() => {
    void useSession.getState().load();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refreshHeader();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
