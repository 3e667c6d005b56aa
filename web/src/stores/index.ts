export { useDepartmentsStore, GENERIC_ERROR_MESSAGE } from './departmentsStore';
export type { LoadStatus } from './departmentsStore';
export {
  loadHeaderData,
  loadSponsoredAd,
  refreshHeaderData,
  useCurrentStore,
  useCurrentStoreNum,
  useHasRegistries,
  useHeaderDataStatus,
  useLoggedIn,
  useServerTime,
  useSiteMessages,
  useSponsoredAd,
} from './headerData';
export type { CountdownMode, LocalStoreRef, SiteMessage, SponsoredAd } from './headerData';
export {
  useStoreMenuStore,
  openStoreMenu,
  OPEN_STORE_MENU_EVENT,
  STORE_CHANGED_EVENT,
} from './storeMenuStore';
export type { OpenStoreMenuDetail, StoreMenuProduct } from './storeMenuStore';
