import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { isLocalUrl } from '../../shared/forms/redirect';
import {
  loadHeaderData,
  useHeaderDataStatus,
  useServerTime,
  useSiteMessages,
  type SiteMessage,
} from '../../session/headerData';
import { AUTO_ADVANCE_MS, SLIDE_TRANSITION_MS } from '../constants';
import { clockSkew, countdownValue } from '../countdown';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../useMediaQuery';
import { Countdown } from './Countdown';
import { MessageIcon } from './MessageIcon';
import { SponsoredAdSlot } from './SponsoredAdSlot';
import { loadSponsoredAd, useSponsoredAd, useSponsoredAdStore, type SponsoredAd } from '../sponsoredAd';
import './SiteBanner.css';

/**
 * The rotating site-messages banner above the header (spec §2, §4, §9):
 * messages from the header data, with optional countdowns, and the sponsored
 * ad from GET /globalresource/sponsored-ad/.
 */
export function SiteBanner() {
  const messages = useSiteMessages();
  const ad = useSponsoredAd();
  const adPending = useSponsoredAdStore((s) => !s.settled);
  const headerStatus = useHeaderDataStatus();
  const serverTime = useServerTime();
  const [skewMs, setSkewMs] = useState(0);

  useEffect(() => {
    void loadHeaderData();
    // Site content, fetched once per page load (not part of the header data).
    loadSponsoredAd();
  }, []);

  // The server's clock minus ours, taken when its time arrives.
  useEffect(() => {
    setSkewMs(clockSkew(serverTime, Date.now()));
  }, [serverTime]);

  // Until the header data (the messages) arrives, the banner holds its place (the messages'
  // row and the ad's): filling in later it would push the whole page down.
  if (messages.length === 0 && (headerStatus === 'idle' || headerStatus === 'loading')) {
    return <SiteBannerPlaceholder />;
  }
  if (messages.length === 0 && !ad) return null;
  return <SiteBannerView messages={messages} ad={ad} adPending={adPending} skewMs={skewMs} />;
}

/** The banner's box, empty, while its data loads. */
export function SiteBannerPlaceholder() {
  return (
    <div className="site-banner site-banner--pending" aria-hidden="true">
      <div className="site-banner__bar">
        <div className="site-banner__viewport" />
      </div>
      <div className="site-banner__ad site-banner__ad--pending" />
    </div>
  );
}

type Direction = 'next' | 'prev';

interface Rotation {
  index: number;
  /** The slide moving out during a transition. */
  leaving: number | null;
  direction: Direction;
  /** Increments on every move; keys the transition. */
  step: number;
}

/** Date.now() corrected by the server clock skew; ticks each second when needed. */
function useServerNow(skewMs: number, ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now() + skewMs);
  useEffect(() => {
    setNow(Date.now() + skewMs);
    if (!ticking) return;
    const id = window.setInterval(() => setNow(Date.now() + skewMs), 1000);
    return () => window.clearInterval(id);
  }, [skewMs, ticking]);
  return now;
}

export interface SiteBannerViewProps {
  messages: SiteMessage[];
  ad?: SponsoredAd | null;
  /** The ad is still being fetched: its row keeps its place so the page below does not move. */
  adPending?: boolean;
  /** Server time minus browser time, in ms. */
  skewMs?: number;
}

export function SiteBannerView({ messages, ad = null, adPending = false, skewMs = 0 }: SiteBannerViewProps) {
  const count = messages.length;
  const [rotation, setRotation] = useState<Rotation>({
    index: 0,
    leaving: null,
    direction: 'next',
    step: 0,
  });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const rotating = count > 1 && !hovered && !focused && !stopped && !reducedMotion;
  const now = useServerNow(
    skewMs,
    messages.some((m) => m.countdown === 'after' || m.countdown === 'before'),
  );

  const go = useCallback(
    (delta: 1 | -1) => {
      if (count < 2) return;
      setRotation((r) => ({
        index: (r.index + delta + count) % count,
        leaving: r.index,
        direction: delta > 0 ? 'next' : 'prev',
        step: r.step + 1,
      }));
    },
    [count],
  );

  // Clamp if the list shrinks.
  const index = rotation.index < count ? rotation.index : 0;

  // End the slide transition.
  useEffect(() => {
    if (rotation.leaving === null) return;
    const step = rotation.step;
    const id = window.setTimeout(() => {
      setRotation((r) => (r.step === step ? { ...r, leaving: null } : r));
    }, SLIDE_TRANSITION_MS);
    return () => window.clearTimeout(id);
  }, [rotation.leaving, rotation.step]);

  // Auto-advance.
  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => go(1), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(id);
  }, [rotating, rotation.step, go]);

  const onArrow = (delta: 1 | -1) => {
    setStopped(true);
    go(delta);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const carousel = count > 1;
  const current = messages[index];
  const leaving =
    rotation.leaving !== null && rotation.leaving < count && !reducedMotion
      ? messages[rotation.leaving]
      : undefined;

  return (
    <section
      className="site-banner"
      aria-label="Site messages"
      aria-roledescription={carousel ? 'carousel' : undefined}
      data-rotating={rotating || undefined}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {current && (
        <div className="site-banner__bar">
          {carousel && (
            <button
              type="button"
              className="site-banner__arrow"
              aria-label="Previous message"
              onClick={() => onArrow(-1)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
              </svg>
            </button>
          )}
          <div className="site-banner__viewport" aria-live={rotating ? 'off' : 'polite'}>
            {leaving && (
              <Slide
                key={`leave-${rotation.step}`}
                message={leaving}
                now={now}
                className={`site-banner__slide--leave-${rotation.direction}`}
                hidden
              />
            )}
            <Slide
              key={`slide-${rotation.step}`}
              message={current}
              now={now}
              className={leaving ? `site-banner__slide--enter-${rotation.direction}` : undefined}
              label={carousel ? `${index + 1} of ${count}` : undefined}
            />
          </div>
          {carousel && (
            <button
              type="button"
              className="site-banner__arrow"
              aria-label="Next message"
              onClick={() => onArrow(1)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M8.6 18.6 10 20l8-8-8-8-1.4 1.4 6.6 6.6z" />
              </svg>
            </button>
          )}
          {carousel && !reducedMotion && (
            <button
              type="button"
              className="site-banner__toggle"
              aria-label={stopped ? 'Play messages' : 'Pause messages'}
              onClick={() => setStopped((s) => !s)}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d={stopped ? 'M7 4v16l13-8z' : 'M6 4h4v16H6zm8 0h4v16h-4z'}
                />
              </svg>
            </button>
          )}
        </div>
      )}
      {ad ? (
        <SponsoredAdSlot key={String(ad.adId)} ad={ad} />
      ) : (
        adPending && <div className="site-banner__ad site-banner__ad--pending" aria-hidden="true" />
      )}
    </section>
  );
}

function Slide({
  message,
  now,
  className,
  label,
  hidden = false,
}: {
  message: SiteMessage;
  now: number;
  className?: string;
  label?: string;
  hidden?: boolean;
}) {
  const countdown = countdownValue(message.countdown, message.endDateTime, now);
  const body = (
    <>
      <MessageIcon name={message.icon} />
      <span className="site-banner__text">{message.text}</span>
      {countdown && <Countdown value={countdown} />}
    </>
  );
  const link = message.link;
  return (
    <div
      className={`site-banner__slide${className ? ` ${className}` : ''}`}
      role={label ? 'group' : undefined}
      aria-roledescription={label ? 'slide' : undefined}
      aria-label={label}
      aria-hidden={hidden || undefined}
      inert={hidden || undefined}
      data-message-id={message.id}
      data-countdown-state={countdown ? (countdown.done ? 'done' : 'running') : undefined}
    >
      {!link ? (
        <span className="site-banner__message">{body}</span>
      ) : isLocalUrl(link) ? (
        <Link to={link} className="site-banner__message" tabIndex={hidden ? -1 : undefined}>
          {body}
        </Link>
      ) : (
        <a href={link} className="site-banner__message" tabIndex={hidden ? -1 : undefined}>
          {body}
        </a>
      )}
    </div>
  );
}
