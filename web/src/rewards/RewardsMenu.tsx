import { useCallback, useEffect, useRef, useState } from 'react';
import { REWARDS_RESIZE_DEBOUNCE_MS } from '../shared/ui/constants';
import { SidePanel } from '../shared/ui/SidePanel';
import { useDebouncedWindowEvent } from '../shared/ui/useDebouncedWindowEvent';
import { headerImageFor, preloadHeaderImages } from './headerImages';
import { backLabel, goBack, loadRewardsData, requestClose } from './rewardsFlow';
import { useRewardsMenu, type RewardsStep } from './rewardsMenuStore';
import { stepTitle } from './rewardsText';
import { ConnectStep } from './steps/ConnectStep';
import { EnterCodeStep } from './steps/EnterCodeStep';
import { JoinStep } from './steps/JoinStep';
import { CustomerHasRewardsStep, HelpStep, SuccessStep } from './steps/OutcomeSteps';
import { AccountInUseStep, VerificationStep } from './steps/VerificationStep';
import './RewardsMenu.css';

/** Below this window height the header picture gives its room to the form (phones with a keyboard up). */
export const COMPACT_HEIGHT_PX = 560;

function isCompact(): boolean {
  return window.innerHeight < COMPACT_HEIGHT_PX;
}

function StepBody({ step }: { step: RewardsStep }) {
  switch (step) {
    case 'join':
      return <JoinStep />;
    case 'connect':
      return <ConnectStep />;
    case 'verification-join':
    case 'verification-account':
    case 'verification-connect':
      return <VerificationStep key={step} variant={step} />;
    case 'account-in-use':
      return <AccountInUseStep />;
    case 'enter-code':
      return <EnterCodeStep />;
    case 'help':
      return <HelpStep />;
    case 'success':
      return <SuccessStep />;
    case 'customer-has-rewards':
      return <CustomerHasRewardsStep />;
  }
}

/**
 * The rewards side menu (accounts-rewards-search §2.3, §4): join, connect, verification,
 * enter-code, help, success and customer-has-rewards in a side panel on the right, with a
 * header picture per kind of step, an error banner, and the opening fetch of the rewards data.
 */
export default function RewardsMenu() {
  const isOpen = useRewardsMenu((s) => s.isOpen);
  const step = useRewardsMenu((s) => s.step);
  const openId = useRewardsMenu((s) => s.openId);
  const opening = useRewardsMenu((s) => s.opening);
  const error = useRewardsMenu((s) => s.error);
  const headerButton = useRewardsMenu((s) => s.headerButton);
  const success = useRewardsMenu((s) => s.success);
  const rewardsNumberMode = useRewardsMenu((s) => s.step === 'enter-code' && s.code?.method !== 'phone' && s.code?.method !== 'email');
  const [compact, setCompact] = useState(isCompact);
  const stepRef = useRef<HTMLDivElement>(null);

  useEffect(preloadHeaderImages, []);
  useDebouncedWindowEvent('resize', () => setCompact(isCompact()), REWARDS_RESIZE_DEBOUNCE_MS);

  // The rewards data, once per opening (the store says whether this opening wants it).
  const fetchedFor = useRef(0);
  useEffect(() => {
    if (!isOpen || opening !== 'waiting' || fetchedFor.current === openId) return;
    fetchedFor.current = openId;
    void loadRewardsData(openId);
  }, [isOpen, opening, openId]);

  // A new step takes the focus (the control that led to it is gone); not on opening, where
  // the panel itself has it.
  const ready = opening === 'idle';
  const shown = useRef<{ openId: number; step: RewardsStep } | null>(null);
  useEffect(() => {
    if (!isOpen || !ready) return;
    const last = shown.current;
    if (last && last.openId === openId && last.step !== step) stepRef.current?.focus();
    shown.current = { openId, step };
  }, [isOpen, ready, openId, step]);

  const onClose = useCallback(() => void requestClose(), []);

  const title = ready ? stepTitle(step, { success, rewardsNumberMode }) : 'Rewards';
  const back =
    headerButton && ready ? (
      <button type="button" className="rewards-menu__back" onClick={goBack} aria-label={backLabel(headerButton.step)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12l8.8-8.8z" />
        </svg>
      </button>
    ) : null;

  return (
    <SidePanel open={isOpen} onClose={onClose} title={title} side="right" headerStart={back}>
      <div className={`rewards-menu${compact ? ' rewards-menu--compact' : ''}`} data-step={step} aria-busy={!ready || undefined}>
        {ready ? (
          <>
            <img
              className="rewards-menu__hero"
              src={headerImageFor(step)}
              alt=""
              width={360}
              height={140}
              decoding="async"
            />
            <div className="rewards-menu__banner-slot" aria-live="assertive">
              {error && (
                <p className="rewards-menu__banner" role="alert">
                  {error}
                </p>
              )}
            </div>
            <div ref={stepRef} tabIndex={-1} className="rewards-menu__body">
              <StepBody step={step} />
            </div>
          </>
        ) : opening === 'loading' ? (
          <div className="rewards-menu__loading" role="status">
            <span className="rewards-menu__spinner" aria-hidden="true" />
            Loading your rewards…
          </div>
        ) : null}
      </div>
    </SidePanel>
  );
}
