import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SynonymRule, SynonymVersion } from '../api/synonyms';
import { staffErrorMessage } from '../api/staff';
import { Outcome } from '../components/Outcome';
import { TableWrap } from '../components/TableWrap';
import { formatCount, formatDateTime } from '../format';
import { ConfirmDialog } from './ConfirmDialog';
import {
  diffRules,
  diffSummary,
  formatSchedule,
  isEmptyDiff,
  ruleText,
  rulesCount,
  versionChangeText,
  versionNaming,
  who,
  type RulesDiff,
} from './diff';

/** How many of the newest versions have the rule they published or removed named. */
const NAMED_VERSIONS = 10;

/** A rule and its schedule: 'xmas → christmas (Dec 1 – Dec 26)'. */
function ruleLine(rule: SynonymRule): string {
  const schedule = formatSchedule(rule.startsAt, rule.endsAt);
  return schedule === 'always' ? ruleText(rule) : `${ruleText(rule)} (${schedule})`;
}

interface Compared {
  from: number;
  to: number;
  diff: RulesDiff;
}

/**
 * The versions, newest first: what made each, who and when, and how many rules it has. Each
 * version but the published one has "Roll back to this version" (after a confirmation). Any
 * two versions can be compared: the rules added, removed and changed from one to the other.
 * The rule a version published or removed is named from that version's rules (read once and
 * kept by the page: a version never changes).
 */
export function HistoryPanel({
  versions,
  published,
  meId,
  rulesOf,
  loadVersion,
  busy,
  message,
  error,
  onRollBack,
}: {
  versions: readonly SynonymVersion[];
  /** The published version. */
  published: number;
  meId: string | null;
  /** A version's rules when read already. */
  rulesOf: (version: number) => SynonymRule[] | undefined;
  loadVersion: (version: number) => Promise<SynonymRule[]>;
  busy: boolean;
  message: string;
  error: string | null;
  /** Rolls back; resolves whether it was done. */
  onRollBack: (version: number) => Promise<boolean>;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState<SynonymVersion | null>(null);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const [compared, setCompared] = useState<Compared | null>(null);
  const [comparing, setComparing] = useState(false);
  const [compareError, setCompareError] = useState<string | null>(null);
  const asked = useRef(new Set<number>());

  // The newest versions' rules, to name what each published or removed.
  useEffect(() => {
    for (const version of versions.slice(0, NAMED_VERSIONS)) {
      const source = versionNaming(version);
      if (source === null || asked.current.has(source) || rulesOf(source) !== undefined) continue;
      asked.current.add(source);
      // Not named when it cannot be read: the rule's id is written instead.
      loadVersion(source).catch(() => undefined);
    }
  }, [versions, rulesOf, loadVersion]);

  const fromVersion = from !== '' ? Number(from) : (versions[1]?.version ?? versions[0]?.version ?? 0);
  const toVersion = to !== '' ? Number(to) : (versions[0]?.version ?? 0);

  function nameOf(version: SynonymVersion): SynonymRule | null {
    const source = versionNaming(version);
    if (source === null) return null;
    return rulesOf(source)?.find((r) => r.id === version.ruleId) ?? null;
  }

  async function compare(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (comparing) return;
    setCompareError(null);
    if (fromVersion === toVersion) {
      setCompared(null);
      setCompareError('Pick two different versions.');
      return;
    }
    setComparing(true);
    try {
      const [before, after] = await Promise.all([loadVersion(fromVersion), loadVersion(toVersion)]);
      setCompared({ from: fromVersion, to: toVersion, diff: diffRules(before, after) });
    } catch (failure) {
      setCompared(null);
      setCompareError(staffErrorMessage(failure));
    } finally {
      setComparing(false);
    }
  }

  async function rollBack() {
    if (!confirming) return;
    await onRollBack(confirming.version);
    setConfirming(null);
  }

  return (
    <section className="synonyms__section" aria-labelledby={`${id}-heading`} id="synonyms-history">
      <h2 id={`${id}-heading`} className="synonyms__heading">
        History
      </h2>
      <Outcome message={message} error={error} />
      {versions.length === 0 ? (
        <p>No version has been published yet.</p>
      ) : (
        <TableWrap label="Versions of the rules, scrollable">
          <table className="staff-table synonyms__table">
            <caption className="staff-table__caption">Versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">What changed</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col" className="staff-table__number">
                  Rules
                </th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.version}>
                  <th scope="row">{version.version}</th>
                  <td className="synonyms__change">{versionChangeText(version, nameOf(version))}</td>
                  <td className="synonyms__who">{who(version.staffId, meId)}</td>
                  <td>{version.publishedAt ? formatDateTime(version.publishedAt) : '—'}</td>
                  <td className="staff-table__number">{formatCount(version.ruleCount)}</td>
                  <td className="staff-table__action">
                    {version.version === published ? (
                      <strong>Published</strong>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) setConfirming(version);
                        }}
                      >
                        Roll back to this version{' '}<span className="visually-hidden">(version {version.version})</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}

      {versions.length > 1 && (
        <form className="staff-toolbar synonyms-compare" aria-labelledby={`${id}-compare`} onSubmit={(e) => void compare(e)}>
          <h3 id={`${id}-compare`} className="synonyms__subheading">
            Compare two versions
          </h3>
          <VersionSelect id={`${id}-from`} label="From version" versions={versions} value={fromVersion} onChange={setFrom} />
          <VersionSelect id={`${id}-to`} label="To version" versions={versions} value={toVersion} onChange={setTo} />
          <button type="submit" className="button button--secondary" aria-disabled={comparing || undefined}>
            {comparing ? 'Comparing…' : 'Compare'}
          </button>
        </form>
      )}
      {compareError && (
        <p role="alert" className="staff-error">
          {compareError}
        </p>
      )}
      <p role="status" className="staff-status">
        {compared ? `From version ${compared.from} to version ${compared.to}: ${diffSummary(compared.diff)}.` : ''}
      </p>
      {compared && !isEmptyDiff(compared.diff) && <DiffView diff={compared.diff} />}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Roll back to version ${confirming.version}?` : ''}
        confirmLabel="Roll back"
        busy={busy}
        busyLabel="Rolling back…"
        onConfirm={() => void rollBack()}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <p>
            Shoppers’ searches will use the {rulesCount(confirming.ruleCount)} of version {confirming.version} again, as a
            new version, at once. The drafts stay as they are.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function DiffView({ diff }: { diff: RulesDiff }) {
  return (
    <div className="synonyms-diff">
      <DiffList label="Added" rules={diff.added.map(ruleLine)} />
      <DiffList label="Removed" rules={diff.removed.map(ruleLine)} />
      <DiffList label="Changed" rules={diff.changed.map((c) => `“${ruleLine(c.before)}” became “${ruleLine(c.after)}”`)} />
    </div>
  );
}

function DiffList({ label, rules }: { label: string; rules: string[] }) {
  const id = useId();
  if (rules.length === 0) return null;
  return (
    <div className="synonyms-diff__group">
      <h4 id={id} className="synonyms-diff__label">
        {label} ({rules.length})
      </h4>
      <ul aria-labelledby={id} className="synonyms-diff__list">
        {rules.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** One end of the comparison: a labelled choice of version. */
function VersionSelect({
  id,
  label,
  versions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  versions: readonly { version: number }[];
  value: string | number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={id} className="staff-field__label">
        {label}
      </label>
      <select
        id={id}
        className="staff-select synonyms-compare__select"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </div>
  );
}
