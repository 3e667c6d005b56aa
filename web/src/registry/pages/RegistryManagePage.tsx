import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  AccountBreadcrumb,
  AccountPageHead,
  QueryState,
  SignInRequired,
  useAccountQuery,
} from '../../account/pages/common';
import { ProductImage } from '../../product/components/ProductImage';
import { ProductPrice } from '../../product/components/ProductPrice';
import {
  fetchRegistry,
  isSignInNeeded,
  removeRegistryItem,
  setRegistryItem,
  shareRegistry,
  type RegistryDetails,
  type RegistryItem,
} from '../../shared/api/registry';
import { ACCOUNT_PATHS } from '../../content/siteLinks';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import {
  EventLine,
  itemCountText,
  maskWantedQuantity,
  NoticeSlot,
  parseWantedQuantity,
  REGISTRY_LIST_TITLE,
  REGISTRY_IMAGE_SIZE,
  REGISTRY_NOT_FOUND_MESSAGE,
  REGISTRY_PATHS,
  REGISTRY_QUANTITY_MESSAGE,
  REGISTRY_SIGN_IN_MESSAGE,
  registryFailureMessage,
  ShareLink,
  useNotice,
} from '../common';

export const MANAGE_REGISTRY_TITLE = 'Manage Registry';

/**
 * /gift-registry/manage/?id=…: one of the customer's registries: its items (picture, name,
 * price, the quantity wanted, Remove), its share link, and the way back to the list. A guest
 * gets the sign-in panel; an id that is not one of the customer's registries says so.
 */
export function RegistryManagePage() {
  const { key } = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return <ManageRegistry key={`${key}:${id}`} registryId={id} />;
}

function ManageRegistry({ registryId }: { registryId: string }) {
  const fetcher = useCallback(
    (signal: AbortSignal) => (registryId ? fetchRegistry(registryId, signal) : Promise.resolve(null)),
    [registryId],
  );
  const [query, reload] = useAccountQuery(fetcher);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const registry = query.status === 'ready' ? query.data : null;
  const title = registry?.name || MANAGE_REGISTRY_TITLE;

  let body;
  if (query.status === 'guest' || signInNeeded) {
    body = <SignInRequired message={REGISTRY_SIGN_IN_MESSAGE} />;
  } else if (query.status === 'ready' && registry === null) {
    body = (
      <div className="account-message account-message--error" role="alert">
        <p>{REGISTRY_NOT_FOUND_MESSAGE}</p>
        <Link to={REGISTRY_PATHS.list}>Back to {REGISTRY_LIST_TITLE}</Link>
      </div>
    );
  } else if (registry) {
    body = <RegistryContent registry={registry} reload={reload} onSignInNeeded={() => setSignInNeeded(true)} />;
  } else {
    body = <QueryState query={query} what="your registry" onRetry={reload} />;
  }

  return (
    <article className="account-page registry-page">
      <AccountPageHead title={title} />
      <AccountBreadcrumb
        trail={[
          { label: 'My Account', href: ACCOUNT_PATHS.home },
          { label: REGISTRY_LIST_TITLE, href: REGISTRY_PATHS.list },
        ]}
        current={title}
      />
      <h1 className="account-page__title">{title}</h1>
      {body}
    </article>
  );
}

function RegistryContent({
  registry,
  reload,
  onSignInNeeded,
}: {
  registry: RegistryDetails;
  reload: () => void;
  onSignInNeeded: () => void;
}) {
  const itemsHeadingId = useId();
  const notice = useNotice();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function failed(error: unknown) {
    if (isSignInNeeded(error)) onSignInNeeded();
    else notice.say({ kind: 'error', content: registryFailureMessage(error) });
  }

  function itemName(item: RegistryItem): string {
    return item.product?.name ?? `Item #${item.blainNumber}`;
  }

  async function changeQuantity(item: RegistryItem, quantity: number) {
    if (busy) return;
    setBusy(item.blainNumber);
    try {
      const answer = await setRegistryItem({ registryId: registry.id, blainNumber: item.blainNumber, quantity });
      if (answer.success) {
        setErrors((e) => {
          const rest = { ...e };
          delete rest[item.blainNumber];
          return rest;
        });
        notice.say({ kind: 'success', content: `${itemName(item)}: ${quantity} wanted.` });
        reload();
      } else {
        setErrors((e) => ({ ...e, [item.blainNumber]: answer.errorMessage ?? GENERIC_ERROR_MESSAGE }));
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  async function remove(item: RegistryItem) {
    if (busy) return;
    setBusy(item.blainNumber);
    try {
      const answer = await removeRegistryItem(registry.id, item.blainNumber);
      if (answer.success) {
        notice.say({ kind: 'success', content: `${itemName(item)} was removed from your registry.` });
        reload();
      } else {
        notice.say({ kind: 'error', content: answer.errorMessage ?? GENERIC_ERROR_MESSAGE });
      }
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <p className="registry-summary">
        <EventLine eventType={registry.eventType} eventDate={registry.eventDate} />
        {' · '}
        {itemCountText(registry.items.length)}
      </p>
      <p className="registry-back">
        <Link to={REGISTRY_PATHS.list}>
          <span aria-hidden="true">‹ </span>Back to {REGISTRY_LIST_TITLE}
        </Link>
      </p>
      <div className="registry-layout registry-layout--manage">
        <section className="account-section" aria-labelledby={itemsHeadingId}>
          <h2 id={itemsHeadingId} className="account-section__title">
            Items
          </h2>
          <NoticeSlot notice={notice.notice} focusRef={notice.ref} />
          {registry.items.length === 0 ? (
            <div className="registry-empty">
              <p className="account-muted">
                Your registry has no items yet. Add them with Add to Registry on any product page.
              </p>
              <Link to="/" className="button">
                Start shopping
              </Link>
            </div>
          ) : (
            <ul className="registry-items" aria-labelledby={itemsHeadingId}>
              {registry.items.map((item) => (
                <ManagedItem
                  key={`${item.blainNumber}:${item.quantity}`}
                  item={item}
                  name={itemName(item)}
                  busy={busy === item.blainNumber}
                  error={errors[item.blainNumber] ?? null}
                  onQuantity={(n) => void changeQuantity(item, n)}
                  onRemove={() => void remove(item)}
                />
              ))}
            </ul>
          )}
        </section>
        <ShareSection registry={registry} reload={reload} onFailed={failed} />
      </div>
    </>
  );
}

function ManagedItem({
  item,
  name,
  busy,
  error,
  onQuantity,
  onRemove,
}: {
  item: RegistryItem;
  name: string;
  busy: boolean;
  error: string | null;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [value, setValue] = useState(String(item.quantity));
  const [invalid, setInvalid] = useState(false);
  const product = item.product;
  const message = invalid ? REGISTRY_QUANTITY_MESSAGE : error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const n = parseWantedQuantity(value);
    if (n === null) {
      setInvalid(true);
      document.getElementById(inputId)?.focus();
      return;
    }
    setInvalid(false);
    if (n !== item.quantity) onQuantity(n);
  }

  return (
    <li className="registry-item" data-blain-number={item.blainNumber} aria-busy={busy || undefined}>
      <div className="registry-item__media">
        <ProductImage src={product?.thumbnail} alt="" width={REGISTRY_IMAGE_SIZE} height={REGISTRY_IMAGE_SIZE} loading="lazy" />
      </div>
      <div className="registry-item__info">
        <h3 className="registry-item__name">{product ? <Link to={product.url}>{product.name}</Link> : name}</h3>
        {product ? (
          <>
            <p className="registry-item__number">Item #{item.blainNumber}</p>
            <ProductPrice product={product} />
          </>
        ) : (
          <p className="account-muted">This item is no longer available.</p>
        )}
      </div>
      {/* A product that is gone can only be removed. */}
      {product && (
        <form className="registry-item__quantity" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="registry-item__label">
            Quantity wanted{' '}<span className="visually-hidden">of {name}</span>
          </label>
          <div className="registry-item__quantity-row">
            <input
              id={inputId}
              className="registry-input registry-item__input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={value}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
              onChange={(e) => {
                const next = maskWantedQuantity(e.target.value);
                setValue(next);
                if (invalid && parseWantedQuantity(next) !== null) setInvalid(false);
              }}
            />
            <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
              Update{' '}<span className="visually-hidden">quantity of {name}</span>
            </button>
          </div>
          {message && (
            <p id={errorId} className="form-error" role="alert">
              {message}
            </p>
          )}
        </form>
      )}
      <div className="registry-item__remove">
        <button
          type="button"
          className="link-button registry-link-button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onRemove();
          }}
        >
          Remove{' '}<span className="visually-hidden">{name}</span>
        </button>
      </div>
    </li>
  );
}

function ShareSection({
  registry,
  reload,
  onFailed,
}: {
  registry: RegistryDetails;
  reload: () => void;
  onFailed: (error: unknown) => void;
}) {
  const headingId = useId();
  const [sending, setSending] = useState(false);
  const [made, setMade] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function share() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await shareRegistry(registry.id);
      if (answer.success) {
        setMade(true);
        reload();
      } else {
        setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
      }
    } catch (failure) {
      onFailed(failure);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="account-section registry-share-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Share your registry
      </h2>
      <p className="visually-hidden" aria-live="polite">
        {made && registry.shareUrl ? 'Your share link is ready.' : ''}
      </p>
      {registry.shareUrl ? (
        <>
          <p className="account-section__intro">Anyone with this link can see your registry and buy from it.</p>
          <ShareLink path={registry.shareUrl} registryName={registry.name} focusCopy={made} />
          <p>
            <Link to={registry.shareUrl}>See your registry as guests see it</Link>
          </p>
        </>
      ) : (
        <>
          <p className="account-section__intro">
            Make a link to send to family and friends. Anyone with it can see your registry and buy from it.
          </p>
          {error && (
            <p className="account-message account-message--error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="button" aria-disabled={sending || undefined} onClick={() => void share()}>
            {sending ? 'Making the link…' : 'Share'}
          </button>
        </>
      )}
    </section>
  );
}
