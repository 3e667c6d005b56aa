import { reloadPage } from '../shared/api/reload';
import { setLocalStore } from '../shared/api/stores';
import { refreshHeader } from '../session';
import { STORE_CHANGED_EVENT } from './storeMenuStore';
import { reportError, showGenericError } from '../shared/ui/errors';

export interface StoreChangedDetail {
  storeNum: number;
}

/**
 * 'Make This My Store' (spec §4): sets the store, then dispatches the
 * cancelable `storefront:store-changed` event and reloads the page unless a
 * handler prevented the default. When one did, the header data (the
 * session) is refreshed in place instead, so the header shows the store.
 *
 * Answers whether the store was set. Failures open the generic error modal.
 */
export async function makeMyStore(storeNum: number): Promise<boolean> {
  let ok: boolean;
  try {
    ok = await setLocalStore(storeNum);
  } catch (error) {
    reportError(error);
    showGenericError();
    return false;
  }
  if (!ok) {
    showGenericError();
    return false;
  }
  const event = new CustomEvent<StoreChangedDetail>(STORE_CHANGED_EVENT, {
    cancelable: true,
    detail: { storeNum },
  });
  if (window.dispatchEvent(event)) {
    reloadPage();
  } else {
    await refreshHeader();
  }
  return true;
}
