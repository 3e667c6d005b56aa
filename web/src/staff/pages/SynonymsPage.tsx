import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  discardSynonymDraft,
  draftSynonymRemoval,
  fetchSynonymSet,
  fetchSynonymVersion,
  fetchSynonymVersions,
  publishSynonymDraft,
  rollBackSynonyms,
  type SynonymRule,
  type SynonymRuleDraft,
  type SynonymSet,
  type SynonymVersion,
} from '../api/synonyms';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { PreviewSwitch } from '../components/PreviewSwitch';
import { StaffPageTitle } from '../components/StaffLayout';
import { TableWrap } from '../components/TableWrap';
import { formatDateTime } from '../format';
import { useStaffSession } from '../session';
import { ConfirmDialog } from '../synonyms/ConfirmDialog';
import {
  draftChanges,
  formatSchedule,
  normalizeSide,
  ruleText,
  rulesCount,
  sameRule,
  who,
  type DraftChange,
} from '../synonyms/diff';
import { HistoryPanel } from '../synonyms/HistoryPanel';
import { PreviewPanel } from '../synonyms/PreviewPanel';
import { RuleForm } from '../synonyms/RuleForm';
import '../synonyms/synonyms.css';

interface Loaded {
  attempt: number;
  set: SynonymSet | null;
  versions: SynonymVersion[] | null;
  error: string | null;
}

/** Where an outcome is said: next to what was done. */
type Place = 'rules' | 'form' | 'drafts' | 'history';

interface Said {
  place: Place;
  message: string;
  error: string | null;
}

const NOTHING_SAID: Said = { place: 'form', message: '', error: null };

/**
 * A change's answer, with who drafted each draft and when as last read (the answer does not
 * say): a draft that is new or changed since is this member of staff's, now. The page reads
 * the set again right after, which says it for sure.
 */
function withDraftMeta(next: SynonymSet, previous: SynonymSet | null, meId: string | null): SynonymSet {
  const now = new Date().toISOString();
  const known = new Map((previous?.drafts ?? []).map((d) => [d.ruleId, d]));
  return {
    ...next,
    drafts: next.drafts.map((draft) => {
      const before = known.get(draft.ruleId);
      const same =
        before !== undefined &&
        (before.rule === null ? draft.rule === null : draft.rule !== null && sameRule(before.rule, draft.rule));
      return same
        ? { ...draft, staffId: before.staffId, draftedAt: before.draftedAt }
        : { ...draft, staffId: meId, draftedAt: now };
    }),
  };
}

/** The rule a draft is about, in words: 'zapper → fence charger' (its id when unknown). */
function draftName(change: DraftChange): string {
  const rule = change.after ?? change.before;
  return rule ? ruleText(rule) : change.ruleId;
}

const KIND_LABELS: Record<DraftChange['kind'], string> = {
  new: 'New rule',
  changed: 'Change',
  removal: 'Removal',
  unchanged: 'No change',
};

/**
 * /staff/merch/synonyms/ (merchandisers): the search's synonym rules. The published version
 * and its rules (Edit opens the form filled in; Remove drafts a removal, after a
 * confirmation); the form to add a rule (`?words=` fills in its words: the searches with no
 * results link here with a keyword); the drafts, each as what it changes in the published
 * rules, with who drafted it and when, Publish (that draft only: a new version) and Discard;
 * a preview of a keyword's search with the drafts, or as of a version or a day, beside the
 * shoppers' search now; and the history of versions, any two compared, each older one with
 * Roll back to this version. Each change's outcome is said next to it (a polite status, or an
 * alert with the server's words), and everything is read again after it. "Preview the store",
 * under the title, turns preview mode on: the store's own pages, with the drafts when asked.
 */
export function SynonymsPage() {
  const [params] = useSearchParams();
  const [initialWords] = useState(() => normalizeSide(params.get('words') ?? ''));
  const signedOut = useStaffSession((s) => s.signedOut);
  const meId = useStaffSession((s) => (s.session.status === 'ready' ? s.session.me.staffId : null));
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** Bumped by each change: the preview searches again. */
  const [revision, setRevision] = useState(0);
  const [editing, setEditing] = useState<SynonymRule | null>(null);
  const [said, setSaid] = useState<Said>(NOTHING_SAID);
  /** The action running ('publish:r1', 'rollback'…): the others wait. */
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SynonymRule | null>(null);
  const [versionRules, setVersionRules] = useState<ReadonlyMap<number, SynonymRule[]>>(() => new Map());
  const reading = useRef(new Map<number, Promise<SynonymRule[]>>());
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  const draftsHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchSynonymSet(controller.signal), fetchSynonymVersions(controller.signal)]).then(
      ([set, versions]) => {
        if (!controller.signal.aborted) setLoaded({ attempt, set, versions, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded((previous) => ({
          attempt,
          set: previous?.set ?? null,
          versions: previous?.versions ?? null,
          error: staffErrorMessage(failure),
        }));
      },
    );
    return () => controller.abort();
  }, [attempt, signedOut]);

  // A closed form gives the focus back to its rule's Edit button.
  useEffect(() => {
    if (editing === null && refocus.current !== null) {
      editButtons.current.get(refocus.current)?.focus();
      refocus.current = null;
    }
  }, [editing]);

  const current = loaded !== null && loaded.attempt === attempt;
  const set = loaded?.set ?? null;
  const versions = loaded?.versions ?? null;
  const loadError = current ? loaded.error : null;

  const rulesOf = useCallback(
    (version: number) => versionRules.get(version) ?? (set && set.version === version ? set.rules : undefined),
    [versionRules, set],
  );

  const loadVersion = useCallback((version: number): Promise<SynonymRule[]> => {
    let pending = reading.current.get(version);
    if (!pending) {
      pending = fetchSynonymVersion(version).then((read) => {
        setVersionRules((previous) => new Map(previous).set(version, read.rules));
        return read.rules;
      });
      // A failed read may be tried again.
      pending.catch(() => reading.current.delete(version));
      reading.current.set(version, pending);
    }
    return pending;
  }, []);

  function say(place: Place, message: string, error: string | null = null) {
    setSaid({ place, message, error });
  }

  /** A change was made: its answer now, everything read again, the preview searched again. */
  function changed(next: SynonymSet) {
    setLoaded((previous) => ({
      attempt: previous?.attempt ?? attempt,
      set: withDraftMeta(next, previous?.set ?? null, meId),
      versions: previous?.versions ?? null,
      error: null,
    }));
    setVersionRules((previous) => (previous.has(next.version) ? previous : new Map(previous).set(next.version, next.rules)));
    setAttempt((n) => n + 1);
    setRevision((n) => n + 1);
  }

  function refused(place: Place, failure: unknown) {
    if (isSignedOut(failure)) {
      signedOut();
      return;
    }
    say(place, '', staffErrorMessage(failure));
  }

  /** Runs one change at a time; resolves whether it was made. */
  async function run(key: string, place: Place, action: () => Promise<SynonymSet>, done: (next: SynonymSet) => string) {
    if (busy !== null) return false;
    setBusy(key);
    say(place, '');
    try {
      const next = await action();
      changed(next);
      say(place, done(next));
      return true;
    } catch (failure) {
      refused(place, failure);
      return false;
    } finally {
      setBusy(null);
    }
  }

  function drafted(next: SynonymSet, draft: SynonymRuleDraft) {
    changed(next);
    const text = ruleText(draft);
    say(
      'form',
      draft.ruleId
        ? `Drafted the change “${text}”. It is not live: publish it under Drafts.`
        : `Drafted “${text}”. It is not live: publish it under Drafts.`,
    );
    if (editing) {
      refocus.current = editing.id;
      setEditing(null);
    }
  }

  function edit(rule: SynonymRule) {
    const draft = set?.drafts.find((d) => d.ruleId === rule.id)?.rule;
    say('form', '');
    setEditing(draft ?? rule);
  }

  function cancelEdit() {
    if (editing) refocus.current = editing.id;
    setEditing(null);
  }

  async function confirmRemoval() {
    if (!removing) return;
    const rule = removing;
    await run(`remove:${rule.id}`, 'rules', () => draftSynonymRemoval(rule.id), () =>
      `Drafted the removal of “${ruleText(rule)}”. Shoppers keep the rule until the removal is published.`,
    );
    setRemoving(null);
  }

  async function publish(change: DraftChange) {
    const name = draftName(change);
    const done = await run(`publish:${change.ruleId}`, 'drafts', () => publishSynonymDraft(change.ruleId), (next) =>
      change.kind === 'removal'
        ? `Published the removal of “${name}”: shoppers’ searches use version ${next.version} now.`
        : `Published “${name}”: shoppers’ searches use version ${next.version} now.`,
    );
    if (done) draftsHeading.current?.focus();
  }

  async function discard(change: DraftChange) {
    const name = draftName(change);
    const done = await run(`discard:${change.ruleId}`, 'drafts', () => discardSynonymDraft(change.ruleId), () =>
      change.kind === 'removal' ? `Discarded the removal of “${name}”.` : `Discarded the draft “${name}”.`,
    );
    if (done) draftsHeading.current?.focus();
  }

  function rollBack(version: number) {
    return run('rollback', 'history', () => rollBackSynonyms(version), (next) => {
      const rules = rulesCount(next.rules.length);
      return `Rolled back to version ${version}: shoppers’ searches use version ${next.version} now, with ${rules}.`;
    });
  }

  const outcome = (place: Place) => (
    <Outcome message={said.place === place ? said.message : ''} error={said.place === place ? said.error : null} />
  );
  const drafts = set ? draftChanges(set.rules, set.drafts) : [];
  const draftOf = new Map(drafts.map((d) => [d.ruleId, d]));

  return (
    <div className="synonyms">
      <StaffPageTitle title="Search synonyms" />
      <PreviewSwitch />
      {!set && !loadError && (
        <p role="status" className="page-loading">
          Loading the synonym rules…
        </p>
      )}
      {loadError !== null && (
        <div role="alert" className="staff-error">
          <p>{loadError}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}

      {set && (
        <>
          <p className="synonyms__version">
            {set.version > 0 ? (
              <>
                <strong>Version {set.version}</strong>, {rulesCount(set.rules.length)}
              </>
            ) : (
              'No rules are published yet.'
            )}
          </p>
          <p className="synonyms__note">
            A rule makes a search for its words find its replacement too. Changes are drafts until each is published;
            shoppers get the published version only.
          </p>
          <nav className="synonyms__contents" aria-label="On this page">
            <a href="#synonyms-rules">Rules</a>
            <a href="#synonyms-form">{editing ? 'Change a rule' : 'Add a rule'}</a>
            <a href="#synonyms-drafts">Drafts ({drafts.length})</a>
            <a href="#synonyms-preview">Preview</a>
            <a href="#synonyms-history">History</a>
          </nav>

          <section className="synonyms__section" aria-labelledby="synonyms-rules" aria-busy={!current || undefined}>
            <h2 id="synonyms-rules" className="synonyms__heading" tabIndex={-1}>
              Rules
            </h2>
            {outcome('rules')}
            {set.rules.length === 0 ? (
              <p>There are no published rules.</p>
            ) : (
              <TableWrap label="Published rules, scrollable">
                <table className="staff-table synonyms__table">
                  <caption className="staff-table__caption">
                    The rules of version {set.version}: a search for the words finds the replacement too
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Words</th>
                      <th scope="col">Replacement</th>
                      <th scope="col">Schedule</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {set.rules.map((rule) => {
                      const draft = draftOf.get(rule.id);
                      return (
                        <tr key={rule.id}>
                          <th scope="row" className="synonyms__words">
                            {rule.words}
                          </th>
                          <td className="synonyms__words">
                            <span aria-hidden="true">→ </span>
                            {rule.replacement}
                          </td>
                          <td>
                            {formatSchedule(rule.startsAt, rule.endsAt)}
                            {draft && (
                              <>
                                {' '}
                                <span className="staff-badge synonyms-badge">
                                  {draft.kind === 'removal' ? 'Removal drafted' : 'Change drafted'}
                                </span>
                              </>
                            )}
                          </td>
                          <td className="staff-table__action">
                            <div className="synonyms__actions">
                              <button
                                ref={(element) => {
                                  if (element) editButtons.current.set(rule.id, element);
                                  else editButtons.current.delete(rule.id);
                                }}
                                type="button"
                                className="button button--secondary"
                                onClick={() => edit(rule)}
                              >
                                Edit{' '}<span className="visually-hidden">“{ruleText(rule)}”</span>
                              </button>
                              <button
                                type="button"
                                className="button button--secondary"
                                aria-disabled={busy !== null || undefined}
                                onClick={() => {
                                  if (busy === null) setRemoving(rule);
                                }}
                              >
                                Remove{' '}<span className="visually-hidden">“{ruleText(rule)}”</span>
                              </button>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </section>

          <section className="synonyms__section" aria-labelledby="synonyms-form">
            <h2 id="synonyms-form" className="synonyms__heading" tabIndex={-1}>
              {editing ? `Change the rule “${ruleText(editing)}”` : 'Add a rule'}
            </h2>
            <RuleForm
              key={editing?.id ?? 'new'}
              rule={editing}
              initialWords={initialWords}
              labelledBy="synonyms-form"
              onDrafted={drafted}
              onCancel={cancelEdit}
              onSignedOut={signedOut}
            />
            {outcome('form')}
          </section>

          <section className="synonyms__section" aria-labelledby="synonyms-drafts">
            <h2 id="synonyms-drafts" ref={draftsHeading} className="synonyms__heading" tabIndex={-1}>
              Drafts
            </h2>
            <p className="synonyms__not-live">
              <strong>Drafts are not live.</strong> Shoppers’ searches use version {set.version} until a draft is
              published. Publish publishes that draft alone, as a new version.
            </p>
            {outcome('drafts')}
            {drafts.length === 0 ? (
              <p>There are no drafts.</p>
            ) : (
              <ul className="synonyms-drafts" aria-label="Drafts">
                {drafts.map((change) => (
                  <DraftItem
                    key={change.ruleId}
                    change={change}
                    meId={meId}
                    busy={busy !== null}
                    publishing={busy === `publish:${change.ruleId}`}
                    onPublish={() => void publish(change)}
                    onDiscard={() => void discard(change)}
                  />
                ))}
              </ul>
            )}
          </section>

          <div id="synonyms-preview" className="synonyms__anchor">
            <PreviewPanel
              versions={versions ?? []}
              initialKeyword={initialWords}
              revision={revision}
              onSignedOut={signedOut}
            />
          </div>

          <HistoryPanel
            versions={versions ?? []}
            published={set.version}
            meId={meId}
            rulesOf={rulesOf}
            loadVersion={loadVersion}
            busy={busy !== null}
            message={said.place === 'history' ? said.message : ''}
            error={said.place === 'history' ? said.error : null}
            onRollBack={rollBack}
          />

          <ConfirmDialog
            open={removing !== null}
            title={removing ? `Remove “${ruleText(removing)}”?` : ''}
            confirmLabel="Draft the removal"
            busy={busy !== null}
            busyLabel="Drafting…"
            onConfirm={() => void confirmRemoval()}
            onCancel={() => setRemoving(null)}
          >
            <p>This drafts the rule’s removal. Shoppers keep the rule until the removal is published.</p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}

/** A draft: what it changes, who drafted it and when, Publish and Discard. */
function DraftItem({
  change,
  meId,
  busy,
  publishing,
  onPublish,
  onDiscard,
}: {
  change: DraftChange;
  meId: string | null;
  busy: boolean;
  publishing: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  const name = draftName(change);
  const line = (rule: SynonymRule) => `${ruleText(rule)} · ${formatSchedule(rule.startsAt, rule.endsAt)}`;
  return (
    <li className="synonyms-draft" data-kind={change.kind}>
      <p className="synonyms-draft__head">
        <span className={`staff-badge synonyms-badge synonyms-badge--${change.kind}`}>{KIND_LABELS[change.kind]}</span>{' '}
        <strong className="synonyms__words">{name}</strong>
      </p>
      {change.kind === 'changed' && change.before && change.after && (
        <dl className="synonyms-draft__diff">
          <div>
            <dt>Before</dt>
            <dd>
              <del>{line(change.before)}</del>
            </dd>
          </div>
          <div>
            <dt>After</dt>
            <dd>
              <ins>{line(change.after)}</ins>
            </dd>
          </div>
        </dl>
      )}
      {change.kind === 'new' && change.after && <p className="synonyms-draft__line">{line(change.after)}</p>}
      {change.kind === 'removal' && (
        <p className="synonyms-draft__line">Takes the rule out of shoppers’ searches once published.</p>
      )}
      {change.kind === 'unchanged' && <p className="synonyms-draft__line">The same as the published rule.</p>}
      <p className="synonyms-draft__meta">
        Drafted by {who(change.staffId, meId)}
        {change.draftedAt ? `, ${formatDateTime(change.draftedAt)}` : ''}
      </p>
      <div className="synonyms__buttons">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && onPublish()}>
          {publishing ? 'Publishing…' : 'Publish'}{' '}
          <span className="visually-hidden">“{name}”</span>
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onDiscard()}
        >
          Discard{' '}<span className="visually-hidden">“{name}”</span>
        </button>
      </div>
    </li>
  );
}
