import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { VerificationMethod } from '../../shared/api/rewards';
import { RadioGroup, type RadioOption } from '../../shared/ui/RadioGroup';
import { cannotReceiveCode, sendCode, showConnect } from '../rewardsFlow';
import { useRewardsMenu, type VerificationStep as Variant } from '../rewardsMenuStore';
import { LOOKUP_LINK_TEXT, VERIFICATION_TEXTS } from '../rewardsText';
import { CustomerServiceLink, LinkButton, SkipLink, SubmitButton } from './common';

/**
 * The log-out link of account-in-use: /account/logout/ with a refUrl to /account/login/,
 * whose own refUrl is the current path.
 */
export function accountInUseLogoutHref(pathname: string, search = ''): string {
  const current = search ? encodeURIComponent(`${pathname}${search}`) : pathname;
  return `/account/logout/?refUrl=${encodeURIComponent(`/account/login/?refUrl=${current}`)}`;
}

/** Verification-join, verification-account and verification-connect: choose how to verify. */
export function VerificationStep({ variant }: { variant: Exclude<Variant, 'account-in-use'> }) {
  const data = useRewardsMenu((s) => s.data);
  const knowsNumber = useRewardsMenu((s) => Boolean(s.data.rewardsNumber || s.lookup.rewardsNumber));
  const [method, setMethod] = useState<string | null>(null);

  const options: RadioOption[] = [];
  if (data.phone) options.push({ value: 'phone', label: <>Text a code to <span className="rewards-menu__masked">{data.phone}</span></> });
  if (data.email) options.push({ value: 'email', label: <>Email a code to <span className="rewards-menu__masked">{data.email}</span></> });
  if (!knowsNumber) options.push({ value: 'rewardsNumber', label: 'Enter my rewards number instead' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = (method ?? options[0]?.value) as VerificationMethod | undefined;
    if (chosen) void sendCode(chosen);
  };

  const text = variant === 'verification-connect' ? VERIFICATION_TEXTS.identityText : VERIFICATION_TEXTS.connectText;
  return (
    <div className="rewards-menu__step">
      <p className="rewards-menu__lead">{text}</p>
      <form className="rewards-menu__form" noValidate onSubmit={onSubmit}>
        {options.length > 0 && (
          <RadioGroup
            className="rewards-menu__methods"
            legend="Verification method"
            name="rewards-verification-method"
            options={options}
            value={method}
            onChange={setMethod}
            forceSelection
          />
        )}
        <SubmitButton busyText="Sending…">{method === 'rewardsNumber' ? 'Continue' : 'Send Code'}</SubmitButton>
      </form>
      <p className="rewards-menu__switch">
        <LinkButton onClick={cannotReceiveCode}>{VERIFICATION_TEXTS.cannotReceive}</LinkButton>
      </p>
      <SkipLink />
    </div>
  );
}

/** Account-in-use: the rewards account is another user's. */
export function AccountInUseStep() {
  const email = useRewardsMenu((s) => s.data.email);
  const { pathname, search } = useLocation();
  return (
    <div className="rewards-menu__step">
      <p className="rewards-menu__lead">{VERIFICATION_TEXTS.inUseText}</p>
      {email && <p className="rewards-menu__masked rewards-menu__email">{email}</p>}
      <p>
        <a className="button rewards-menu__submit" href={accountInUseLogoutHref(pathname, search)}>
          Log Out and Sign In
        </a>
      </p>
      <p className="rewards-menu__switch">
        Think this is a different account? <LinkButton onClick={showConnect}>{LOOKUP_LINK_TEXT}</LinkButton>
      </p>
      <p className="rewards-menu__help-line">
        Questions? Call Customer Service at <CustomerServiceLink />.
      </p>
      <SkipLink />
    </div>
  );
}
