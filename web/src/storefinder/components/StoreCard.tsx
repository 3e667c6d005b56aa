import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { StoreStatus } from '../../shared/api/stores';
import { storeHref } from '../../content/siteLinks';
import { formatDistance, storeTitle, telHref } from '../format';
import { CurrentHours } from './CurrentHours';
import { HoursList } from './HoursList';

export interface StoreCardProps {
  status: StoreStatus;
  isCurrent: boolean;
  /** Set while this card's store is being made the visitor's store. */
  saving?: boolean;
  /** Disables the button while another store is being saved. */
  busy?: boolean;
  showStock?: boolean;
  onMakeMyStore: (storeNum: number) => void;
  headingLevel?: 2 | 3;
}

/** One store in a search result: distance, address, phone, hours, stock, and the make-my-store action. */
export function StoreCard({
  status,
  isCurrent,
  saving = false,
  busy = false,
  showStock = false,
  onMakeMyStore,
  headingLevel = 3,
}: StoreCardProps) {
  const { store } = status;
  const headingId = useId();
  const hoursId = useId();
  const [hoursOpen, setHoursOpen] = useState(false);
  const distance = formatDistance(store.distanceMi);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <article
      className={`store-card${isCurrent ? ' store-card--current' : ''}`}
      aria-labelledby={headingId}
      data-store-num={store.storeNum}
    >
      <div className="store-card__top">
        <Heading id={headingId} className="store-card__name">
          <Link to={storeHref(store.urlAlias)}>{storeTitle(store)}</Link>
        </Heading>
        {distance && <span className="store-card__distance">{distance}</span>}
      </div>
      {isCurrent && <p className="store-card__badge">My Store</p>}
      <address className="store-card__address">
        {store.address1}
        <br />
        {store.city}, {store.state} {store.zip}
      </address>
      <p className="store-card__phone">
        <a href={telHref(store.phone)}>{store.phone}</a>
      </p>
      <CurrentHours store={store} />
      {showStock && status.stockLabel && (
        <p className={`store-card__stock store-card__stock--${status.stockStatus ?? 'unknown'}`}>
          {status.stockLabel}
        </p>
      )}
      {store.localDeliveryInformation?.isEnabled && store.localDeliveryInformation.label && (
        <p className="store-card__delivery">{store.localDeliveryInformation.label}</p>
      )}
      <button
        type="button"
        className="store-card__hours-toggle"
        aria-expanded={hoursOpen}
        aria-controls={hoursId}
        onClick={() => setHoursOpen((o) => !o)}
      >
        Store Hours
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={hoursOpen ? 'm7 14 5-5 5 5z' : 'm7 10 5 5 5-5z'} />
        </svg>
      </button>
      <div id={hoursId} hidden={!hoursOpen}>
        <HoursList hours={store.hours} timeZone={store.timeZone} />
      </div>
      <div className="store-card__actions">
        {isCurrent ? (
          <p className="store-card__current">This is your store</p>
        ) : (
          <button
            type="button"
            className="button store-card__make"
            aria-disabled={busy || saving || undefined}
            aria-describedby={headingId}
            onClick={() => {
              if (!busy && !saving) onMakeMyStore(store.storeNum);
            }}
          >
            {saving ? 'Saving…' : 'Make This My Store'}
          </button>
        )}
      </div>
    </article>
  );
}
