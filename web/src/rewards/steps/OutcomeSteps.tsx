import { requestClose } from '../rewardsFlow';
import { useRewardsMenu } from '../rewardsMenuStore';
import { SUCCESS_TEXTS } from '../rewardsText';
import { CustomerServiceLink } from './common';
import { ACCOUNT_REWARDS_PATH } from './paths';


function CloseButton({ children = 'Close' }: { children?: string }) {
  return (
    <button type="button" className="button rewards-menu__submit" onClick={() => void requestClose()}>
      {children}
    </button>
  );
}

/** Help: how to get a code-less connection, and a close button. */
export function HelpStep() {
  return (
    <div className="rewards-menu__step">
      <p className="rewards-menu__lead">
        No problem. Our Customer Service team can confirm it is you and connect your Rewards Account for you.
      </p>
      <p>
        Call <CustomerServiceLink /> and have your rewards number ready. You will find it on your rewards card
        and on your store receipts.
      </p>
      <CloseButton />
    </div>
  );
}

/** Success: the welcome after joining, or the confirmation after connecting. */
export function SuccessStep() {
  const kind = useRewardsMenu((s) => s.success);
  return (
    <div className="rewards-menu__step rewards-menu__outcome">
      {kind === 'connected' ? (
        <p className="rewards-menu__lead">{SUCCESS_TEXTS.connectedText}</p>
      ) : (
        <>
          <p className="rewards-menu__headline">You&apos;re in!</p>
          <p className="rewards-menu__lead">{SUCCESS_TEXTS.welcomeText}</p>
          <p>Give your phone number at the register in our stores, and your points add up there too.</p>
        </>
      )}
      <CloseButton>Continue Shopping</CloseButton>
      <p className="rewards-menu__switch">
        <a href={ACCOUNT_REWARDS_PATH}>View My Rewards</a>
      </p>
    </div>
  );
}

/** Customer-has-rewards: already a member. */
export function CustomerHasRewardsStep() {
  return (
    <div className="rewards-menu__step rewards-menu__outcome">
      <p className="rewards-menu__headline">{SUCCESS_TEXTS.memberTitle}</p>
      <p className="rewards-menu__lead">{SUCCESS_TEXTS.memberText}</p>
      <p>
        <a className="button rewards-menu__submit" href={ACCOUNT_REWARDS_PATH}>
          View My Rewards
        </a>
      </p>
      <CloseButton />
    </div>
  );
}
