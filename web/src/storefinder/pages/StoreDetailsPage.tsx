import { useState } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { fetchStore, type Store } from '../../shared/api/stores';
import { STORE_FINDER_PATH } from '../../content/siteLinks';
import { useCurrentStoreNum } from '../../session/headerData';
import { openStoreMenu } from '../storeMenuStore';
import { CurrentHours } from '../components/CurrentHours';
import { HoursList } from '../components/HoursList';
import { directionsHref, storeTitle, telHref } from '../format';
import { makeMyStore } from '../makeMyStore';
import '../storefinder.css';

/** Loads the store; an unknown alias is a 404 (the shell's not-found page). */
export async function storeDetailsLoader({ params, request }: LoaderFunctionArgs): Promise<Store> {
  const alias = params.urlAlias ?? '';
  const store = alias ? await fetchStore(alias, request.signal) : null;
  if (!store) throw data('Store not found', { status: 404 });
  return store;
}

/** /stores/:urlAlias */
export function StoreDetailsPage() {
  const store = useLoaderData() as Store;
  const currentStoreNum = useCurrentStoreNum();
  const [saving, setSaving] = useState(false);
  const isCurrent = currentStoreNum === store.storeNum;
  const title = storeTitle(store);

  return (
    <article className="store-details" aria-labelledby="store-details-heading">
      <title>{`${title} Store | Storefront`}</title>
      <p className="store-details__back">
        <Link to={STORE_FINDER_PATH}>All stores</Link>
      </p>
      <h1 id="store-details-heading">{title}</h1>
      {store.comingSoon && <p className="store-details__coming-soon">This store is coming soon.</p>}
      <CurrentHours store={store} />

      <div className="store-details__actions">
        {isCurrent ? (
          <>
            <p className="store-card__badge">My Store</p>
            <button type="button" className="button button--secondary" onClick={() => openStoreMenu()}>
              Change Store
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            aria-disabled={saving || undefined}
            onClick={async () => {
              if (saving) return;
              setSaving(true);
              if (!(await makeMyStore(store.storeNum))) setSaving(false);
            }}
          >
            {saving ? 'Saving…' : 'Make This My Store'}
          </button>
        )}
      </div>

      <div className="store-details__grid">
        <section aria-labelledby="store-address-heading">
          <h2 id="store-address-heading">Address</h2>
          <address>
            {store.address1}
            <br />
            {store.city}, {store.state} {store.zip}
          </address>
          <p>
            <a href={directionsHref(store)} rel="noopener" target="_blank">
              Get directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>

        <section aria-labelledby="store-phone-heading">
          <h2 id="store-phone-heading">Phone</h2>
          <dl className="store-details__phones">
            <div>
              <dt>Store</dt>
              <dd>
                <a href={telHref(store.phone)}>{store.phone}</a>
              </dd>
            </div>
            {store.autoCenterPhone && (
              <div>
                <dt>Auto Center</dt>
                <dd>
                  <a href={telHref(store.autoCenterPhone)}>{store.autoCenterPhone}</a>
                </dd>
              </div>
            )}
          </dl>
        </section>

        <section aria-labelledby="store-hours-heading">
          <h2 id="store-hours-heading">Store Hours</h2>
          <HoursList hours={store.hours} timeZone={store.timeZone} />
        </section>

        {store.autoHours && (
          <section aria-labelledby="store-auto-hours-heading">
            <h2 id="store-auto-hours-heading">Auto Center Hours</h2>
            <HoursList hours={store.autoHours} timeZone={store.timeZone} />
          </section>
        )}
      </div>

      <section className="store-details__services" aria-labelledby="store-services-heading">
        <h2 id="store-services-heading">Services at this store</h2>
        <ul>
          <li>
            <Link to="/store-pickup/">Free store pickup</Link> on online orders
          </li>
          {store.localDeliveryInformation?.isEnabled && (
            <li>
              <Link to="/same-day-local-delivery/">{store.localDeliveryInformation.label || 'Same day local delivery'}</Link>
            </li>
          )}
          {store.autoHours && (
            <li>
              <Link to="/automotive-service-repair/">Automotive service &amp; repair</Link>, tires and batteries
            </li>
          )}
          <li>
            <Link to="/fishing-hunting-licenses/">Fishing &amp; hunting licenses</Link>
          </li>
          <li>
            <Link to="/small-engine-repair-and-parts/">Small engine repair &amp; parts</Link>
          </li>
        </ul>
      </section>
    </article>
  );
}
