import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  AccountBreadcrumb,
  AccountPageHead,
  QueryState,
  SignInRequired,
  useAccountQuery,
  type Query,
} from '../../account/pages/common';
import { ConfirmDialog } from '../../account/pages/ConfirmDialog';
import {
  createRegistry,
  deleteRegistry,
  fetchRegistries,
  isSignInNeeded,
  shareRegistry,
  type RegistrySummary,
} from '../../shared/api/registry';
import { ACCOUNT_PATHS } from '../../content/siteLinks';
import { refreshHeader } from '../../session';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import {
  EventLine,
  itemCountText,
  manageHref,
  NoticeSlot,
  REGISTRY_LIST_TITLE,
  REGISTRY_SIGN_IN_MESSAGE,
  RegistryFields,
  registryFailureMessage,
  ShareLink,
  useNotice,
  useRegistryForm,
} from '../common';

/**
 * /gift-registry/list/: the signed-in customer's registries (each with Manage, its share link
 * or Share, and Delete) and the form that creates one. A guest gets the sign-in panel (it
 * comes back here).
 */
export function RegistryListPage() {
  // A navigation to this page again (after a sign-in from the panel) loads anew.
  const { key } = useLocation();
  return (
    <article className="account-page registry-page">
      <AccountPageHead title={REGISTRY_LIST_TITLE} />
      <AccountBreadcrumb trail={[{ label: 'My Account', href: ACCOUNT_PATHS.home }]} current={REGISTRY_LIST_TITLE} />
      <h1 className="account-page__title">{REGISTRY_LIST_TITLE}</h1>
      <RegistryList key={key} />
    </article>
  );
}

function RegistryList() {
  const [query, reload] = useAccountQuery(fetchRegistries);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const notice = useNotice();

  if (query.status === 'guest' || signInNeeded) return <SignInRequired message={REGISTRY_SIGN_IN_MESSAGE} />;

  /** After a change: the list again, and the header data (its Registries links follow the list). */
  function changed() {
    reload();
    void refreshHeader();
  }

  function failed(error: unknown) {
    if (isSignInNeeded(error)) {
      setSignInNeeded(true);
      return;
    }
    notice.say({ kind: 'error', content: registryFailureMessage(error) });
  }

  return (
    <div className="registry-layout">
      <RegistriesSection query={query} reload={reload} notice={notice} onChanged={changed} onFailed={failed} />
      {query.status !== 'loading' && (
        <CreateRegistrySection
          onCreated={(registry) => {
            notice.say({
              kind: 'success',
              content: (
                <>
                  Your registry {registry.name} was created. Add items to it with Add to Registry on any product
                  page. <Link to={manageHref(registry.id)}>Manage {registry.name}</Link>
                </>
              ),
            });
            changed();
          }}
          onSignInNeeded={() => setSignInNeeded(true)}
        />
      )}
    </div>
  );
}

interface SectionProps {
  query: Query<RegistrySummary[]>;
  reload: () => void;
  notice: ReturnType<typeof useNotice>;
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}

function RegistriesSection({ query, reload, notice, onChanged, onFailed }: SectionProps) {
  const headingId = useId();
  const [deleting, setDeleting] = useState<RegistrySummary | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function share(registry: RegistrySummary) {
    if (busy) return;
    setBusy(registry.id);
    try {
      const answer = await shareRegistry(registry.id);
      if (answer.success) {
        notice.say({ kind: 'success', content: `${registry.name} can now be shared. Copy its link below.` });
        onChanged();
      } else {
        notice.say({ kind: 'error', content: answer.errorMessage ?? GENERIC_ERROR_MESSAGE });
      }
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(null);
    }
  }

  async function remove(registry: RegistrySummary) {
    setBusy(registry.id);
    try {
      const answer = await deleteRegistry(registry.id);
      if (answer.success) {
        notice.say({ kind: 'success', content: `${registry.name} was deleted.` });
        onChanged();
      } else {
        notice.say({ kind: 'error', content: answer.errorMessage ?? GENERIC_ERROR_MESSAGE });
      }
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(null);
      setDeleting(null);
    }
  }

  return (
    <section className="account-section registry-list-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Your registries
      </h2>
      <NoticeSlot notice={notice.notice} focusRef={notice.ref} />
      <QueryState query={query} what="your registries" onRetry={reload} />
      {query.status === 'ready' &&
        (query.data.length === 0 ? (
          <p className="account-muted">You have no registries yet. Create one to start adding the things you want.</p>
        ) : (
          <ul className="registry-cards" aria-labelledby={headingId}>
            {query.data.map((registry) => (
              <li key={registry.id} className="registry-card" aria-busy={busy === registry.id || undefined}>
                <div className="registry-card__main">
                  <h3 className="registry-card__name">
                    <Link to={manageHref(registry.id)}>{registry.name}</Link>
                  </h3>
                  <p className="registry-card__meta">
                    <EventLine eventType={registry.eventType} eventDate={registry.eventDate} />
                    {' · '}
                    {itemCountText(registry.itemCount)}
                  </p>
                  {registry.shareUrl && <ShareLink path={registry.shareUrl} registryName={registry.name} />}
                </div>
                <div className="registry-card__actions">
                  <Link to={manageHref(registry.id)} className="button">
                    Manage{' '}<span className="visually-hidden">{registry.name}</span>
                  </Link>
                  {!registry.shareUrl && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-disabled={busy === registry.id || undefined}
                      onClick={() => void share(registry)}
                    >
                      Share{' '}<span className="visually-hidden">{registry.name}</span>
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary registry-card__delete"
                    onClick={() => {
                      notice.clear();
                      setDeleting(registry);
                    }}
                  >
                    Delete{' '}<span className="visually-hidden">{registry.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this registry?"
        confirmLabel="Delete registry"
        busyLabel="Deleting…"
        busy={busy !== null && busy === deleting?.id}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          {deleting && deleting.itemCount > 0
            ? `${deleting.name} and its ${itemCountText(deleting.itemCount)} will be deleted`
            : `${deleting?.name ?? 'The registry'} will be deleted`}
          , and its share link will stop working. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function CreateRegistrySection({
  onCreated,
  onSignInNeeded,
}: {
  onCreated: (registry: { id: string; name: string }) => void;
  onSignInNeeded: () => void;
}) {
  const headingId = useId();
  const fields = useRegistryForm();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = fields.form.handleSubmit(async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    const request = fields.request();
    try {
      const answer = await createRegistry(request);
      if (answer.success && answer.registryId) {
        fields.reset();
        onCreated({ id: answer.registryId, name: request.name });
      } else {
        setError(answer.errorMessage ?? GENERIC_ERROR_MESSAGE);
      }
    } catch (failure) {
      if (isSignInNeeded(failure)) onSignInNeeded();
      else setError(registryFailureMessage(failure));
    } finally {
      setSending(false);
    }
  });

  return (
    <section className="account-section registry-create" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Create a Registry
      </h2>
      <p className="account-section__intro">
        Planning a wedding, a new baby or a birthday? Make a registry, add what you'd love, then share its link.
      </p>
      <form className="registry-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
        <RegistryFields fields={fields} />
        {error && (
          <p className="account-message account-message--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button account-form__submit" aria-disabled={sending || undefined}>
          {sending ? 'Creating…' : 'Create Registry'}
        </button>
      </form>
    </section>
  );
}
