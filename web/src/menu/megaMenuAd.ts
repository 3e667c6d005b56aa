import { create } from 'zustand';
import { fetchMegaMenuAd, type MegaMenuAd } from '../shared/api/shell';

interface MegaMenuAdState {
  ad: MegaMenuAd | null;
  requested: boolean;
}

/** The mega-menu ad (spec §7: "fetched once"); null until loaded or when none. */
export const useMegaMenuAd = create<MegaMenuAdState>()(() => ({ ad: null, requested: false }));

/** Fetches the ad the first time a menu needs it; later calls do nothing. */
export function loadMegaMenuAd(): void {
  if (useMegaMenuAd.getState().requested) return;
  useMegaMenuAd.setState({ requested: true });
  fetchMegaMenuAd()
    .then((ad) => useMegaMenuAd.setState({ ad }))
    .catch(() => {
      // No ad: the menus work without it.
    });
}

export function resetMegaMenuAd(): void {
  useMegaMenuAd.setState({ ad: null, requested: false });
}
