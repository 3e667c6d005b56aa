import type { Store } from '../../shared/api/stores';

/** 'Open until 8:00 PM' etc., styled by displayStyle. */
export function CurrentHours({ store }: { store: Pick<Store, 'currentHours'> }) {
  const { displayText, displayStyle } = store.currentHours;
  return (
    <p className={`store-status store-status--${displayStyle}`} data-style={displayStyle}>
      <span className="store-status__dot" aria-hidden="true" />
      {displayText}
    </p>
  );
}
