import { useSession } from '../session';

/** The event the change-store side menu listens for. */
export const OPEN_STORE_MENU_EVENT = 'storefront:open-store-menu';

/** Asks the change-store side menu to open. */
export function openStoreMenu(): void {
  window.dispatchEvent(new CustomEvent(OPEN_STORE_MENU_EVENT));
}

/** City and state of the local store from the header data, e.g. 'Janesville, WI'. */
export function storeCityState(store: { cityAlias: string; city: string; state: string } | null): string | null {
  if (!store) return null;
  const city = store.city || store.cityAlias;
  return [city, store.state].filter(Boolean).join(', ') || null;
}

/**
 * The local store with 'Change', or 'Find Your Store' when none is set
 * (spec §2 Header). Both open the change-store side menu.
 */
export function StoreLink({ className = '' }: { className?: string }) {
  const name = useSession((s) => s.localStoreName);
  const store = useSession((s) => s.localStore);
  const label = name ?? storeCityState(store);

  return (
    <div className={`store-link ${className}`.trim()}>
      <svg className="store-link__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
        />
      </svg>
      {label ? (
        <>
          <span className="store-link__name">
            <span className="visually-hidden">Your store: </span>
            {label}
          </span>
          <button
            type="button"
            className="store-link__button"
            aria-label={`Change store, ${label}`}
            onClick={openStoreMenu}
          >
            Change
          </button>
        </>
      ) : (
        <button type="button" className="store-link__button" onClick={openStoreMenu}>
          Find Your Store
        </button>
      )}
    </div>
  );
}
