import { Link, useLocation } from 'react-router';
import {
  fetchAccountRewards,
  type AccountRewards,
  type RewardsHistoryRow,
} from '../../shared/api/accountPages';
import { formatCents } from '../../shared/money';
import { openRewardsMenu } from '../../rewards/rewardsMenuStore';
import { startRewardsJoin } from '../../rewards/startRewardsJoin';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountListItem,
  AccountPageHead,
  AccountSection,
  DateText,
  formatPoints,
  formatSignedPoints,
  QueryState,
  SignInRequired,
  useAccountQuery,
} from './common';

export const REWARDS_TITLE = 'My Rewards';

/** The programme (spec 1 "Rewards programme facts"), as a non-member reads it. */
export const REWARDS_FACTS = [
  "Earn 1 point for every $1 spent—that's 1% back!",
  'Get a $25 gift card for every 2,500 points.',
  'Enjoy special deals and savings for members.',
  'Your phone number is your rewards pin in our stores.',
] as const;

/**
 * The history as a shopper reads it: the lines of one order (or its return) earned or taken
 * back at one time are one row with their points added.
 */
export function byOrder<Row extends { kind: string; reference: string; at: string; points: number }>(
  rows: readonly Row[],
): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    const last = out[out.length - 1];
    if (last && last.kind === row.kind && last.reference === row.reference && last.at === row.at) {
      out[out.length - 1] = { ...last, points: last.points + row.points };
    } else {
      out.push(row);
    }
  }
  return out;
}

/**
 * /account/rewards/: a member's rewards number, points (pending and available), the way to the
 * next $25 gift card, the gift cards issued and the points history; anyone else the programme
 * with Join Rewards and Connect. A guest gets the sign-in panel.
 */
export function AccountRewardsPage() {
  const { key } = useLocation();
  return (
    <article className="account-page">
      <AccountPageHead title={REWARDS_TITLE} />
      <AccountBreadcrumb trail={[{ label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH }]} current={REWARDS_TITLE} />
      <h1 className="account-page__title">{REWARDS_TITLE}</h1>
      <Rewards key={key} />
    </article>
  );
}

function Rewards() {
  const [query, reload] = useAccountQuery(fetchAccountRewards);
  if (query.status === 'guest') return <SignInRequired />;
  if (query.status !== 'ready') return <QueryState query={query} what="your rewards" onRetry={reload} />;
  return query.data.member ? <Member rewards={query.data} /> : <NotMember />;
}

function NotMember() {
  return (
    <AccountSection title="Join Rewards and start earning" className="account-rewards-join">
      <ul className="account-rewards-facts">
        {REWARDS_FACTS.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <div className="account-actions">
        <button type="button" className="button" onClick={() => startRewardsJoin()}>
          Join Rewards
        </button>
        <button type="button" className="button button--secondary" onClick={() => openRewardsMenu('connect')}>
          Connect an existing rewards account
        </button>
      </div>
      <p>
        <Link to="/rewards/">Learn more about Rewards</Link>
      </p>
    </AccountSection>
  );
}

function Member({ rewards }: { rewards: AccountRewards }) {
  const perCard = rewards.pointsPerGiftCard;
  const toward = Math.max(0, rewards.available) % perCard;
  const toGo = perCard - toward;

  return (
    <>
      <AccountSection title="Your rewards">
        <dl className="account-rewards-summary">
          <div className="account-rewards-summary__item">
            <dt>Rewards number</dt>
            <dd className="account-rewards-summary__number">{rewards.rewardsNumber ?? '—'}</dd>
          </div>
          <div className="account-rewards-summary__item">
            <dt>Available points</dt>
            <dd className="account-rewards-summary__points">{formatPoints(rewards.available)}</dd>
          </div>
          <div className="account-rewards-summary__item">
            <dt>Pending points</dt>
            <dd className="account-rewards-summary__points">{formatPoints(rewards.pending)}</dd>
          </div>
        </dl>
        <p className="account-muted">
          You earn 1 point for every $1 spent. Points are pending until the return window of your purchase
          closes{rewards.returnWindowDays > 0 ? ` (${rewards.returnWindowDays} days)` : ''}, then they are available.
        </p>
      </AccountSection>

      <AccountSection title="Your next $25 gift card">
        {(progressId) => (
          <>
            <progress
              className="account-progress"
              max={perCard}
              value={toward}
              aria-labelledby={progressId}
              aria-describedby={`${progressId}-text`}
            />
            <p id={`${progressId}-text`}>
              {formatPoints(toward)} of {formatPoints(perCard)} points. {formatPoints(toGo)} more{' '}
              {toGo === 1 ? 'point' : 'points'} to your next $25 gift card.
            </p>
          </>
        )}
      </AccountSection>

      <AccountSection title="Gift cards issued">
        {(cardsId) =>
          rewards.giftCards.length === 0 ? (
            <p className="account-muted">No gift cards yet. You get one for every {formatPoints(perCard)} points.</p>
          ) : (
            <ul className="account-list" aria-labelledby={cardsId}>
              {rewards.giftCards.map((card) => (
                <AccountListItem
                  key={card.cardId}
                  name={`${formatCents(card.cents)} gift card`}
                  meta={
                    <>
                      Card ending {card.cardId.slice(-4).toUpperCase()} · Issued <DateText iso={card.issuedAt} />
                    </>
                  }
                />
              ))}
            </ul>
          )
        }
      </AccountSection>

      <AccountSection title="Points history">
        {(historyId) =>
          rewards.history.length === 0 ? (
            <p className="account-muted">No points yet. Points you earn show here.</p>
          ) : (
            <div className="account-table-wrap">
              <table className="account-table" aria-labelledby={historyId}>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="account-table__number">
                      Points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {byOrder(rewards.history).map((row, i) => (
                    <tr key={`${row.kind}-${row.reference}-${row.at}-${i}`}>
                      <td>
                        <DateText iso={row.at} />
                      </td>
                      <td>
                        <HistoryDescription row={row} />
                      </td>
                      <td className="account-table__number">{formatSignedPoints(row.points)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </AccountSection>
    </>
  );
}

/** A history row in words: what earned, took back or spent the points. */
export function historyDescription(row: RewardsHistoryRow): string {
  switch (row.kind) {
    case 'earned':
      return `Purchase, order ${row.reference}`;
    case 'reversed':
      return `Return or cancellation, order ${row.reference}`;
    case 'giftCard':
      return `$25 gift card ${row.reference}`;
    default:
      return row.reference;
  }
}

function HistoryDescription({ row }: { row: RewardsHistoryRow }) {
  const pending = row.kind === 'earned' && row.state === 'pending';
  const reversed = row.kind === 'earned' && row.state === 'reversed';
  return (
    <>
      {historyDescription(row)}
      {pending && (
        <span className="account-table__note">
          {' '}
          Pending{row.availableOn ? (
            <>
              {' '}
              until <DateText iso={row.availableOn} />
            </>
          ) : null}
        </span>
      )}
      {reversed && <span className="account-table__note"> Returned</span>}
    </>
  );
}
