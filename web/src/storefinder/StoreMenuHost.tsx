import { lazy, Suspense, useEffect } from 'react';
import {
  OPEN_STORE_MENU_EVENT,
  useStoreMenuStore,
  type OpenStoreMenuDetail,
} from './storeMenuStore';
import { SidePanel } from '../shared/ui/SidePanel';

const ChangeStoreMenu = lazy(() => import('./ChangeStoreMenu'));

export const STORE_MENU_TITLE = 'Select a Store';

/**
 * Opens the change-store side menu on `storefront:open-store-menu` (the
 * header's Change / Find Your Store). The panel is in the initial bundle so
 * focus handling starts at once; its content loads on first open.
 */
export function StoreMenuHost() {
  const open = useStoreMenuStore((s) => s.open);
  const product = useStoreMenuStore((s) => s.product);
  const openMenu = useStoreMenuStore((s) => s.openMenu);
  const close = useStoreMenuStore((s) => s.close);

  useEffect(() => {
    const onOpen = (event: Event) => {
      openMenu((event as CustomEvent<OpenStoreMenuDetail | null>).detail);
    };
    window.addEventListener(OPEN_STORE_MENU_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_STORE_MENU_EVENT, onOpen);
  }, [openMenu]);

  return (
    <SidePanel open={open} onClose={close} title={STORE_MENU_TITLE} side="right">
      <Suspense
        fallback={
          <p role="status" className="store-results__loading">
            Finding stores…
          </p>
        }
      >
        <ChangeStoreMenu product={product} />
      </Suspense>
    </SidePanel>
  );
}
