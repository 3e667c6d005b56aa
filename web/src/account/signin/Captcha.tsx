import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { fetchCaptcha, type CaptchaChallenge } from '../../shared/api/account';
import { renderRecaptcha, type RecaptchaWidget } from '../../shared/api/providers';
import { reportError } from '../../shared/ui/errors';
import { solveProofOfWork } from '../captcha';

export interface CaptchaHandle {
  /**
   * The sign-in's `captcha` value: the puzzle's answer (waiting for it), or reCAPTCHA's token;
   * null when there is none (reCAPTCHA not ticked, or the captcha could not be had).
   */
  response: () => Promise<string | null>;
}

type CaptchaState = 'loading' | 'solving' | 'solved' | 'recaptcha' | 'failed';

/**
 * The captcha a sign-in needs once the server answers `captchaRequired` (docs/decisions.md
 * "Captcha"): by default a proof-of-work puzzle this browser solves by itself; with reCAPTCHA
 * configured, Google's checkbox. Each mount asks for a new challenge: the form remounts it
 * (a new `key`) to reset it after each failed attempt.
 */
export function Captcha({ ref, recaptchaSiteKey = null }: { ref?: Ref<CaptchaHandle>; recaptchaSiteKey?: string | null }) {
  const [state, setState] = useState<CaptchaState>('loading');
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<RecaptchaWidget | null>(null);
  const solution = useRef<Promise<string | null>>(Promise.resolve(null));

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    solution.current = (async () => {
      let challenge: CaptchaChallenge;
      try {
        challenge = await fetchCaptcha();
      } catch (error) {
        if (!recaptchaSiteKey) {
          if (!signal.aborted) setState('failed');
          reportError(error);
          return null;
        }
        challenge = { kind: 'recaptcha', siteKey: recaptchaSiteKey };
      }
      if (signal.aborted) return null;
      if (challenge.kind === 'proofOfWork') {
        setState('solving');
        try {
          const answer = await solveProofOfWork(challenge.challenge, challenge.difficulty, signal);
          setState('solved');
          return answer;
        } catch (error) {
          if (signal.aborted) return null;
          setState('failed');
          reportError(error);
          return null;
        }
      }
      setState('recaptcha');
      try {
        if (!container.current) return null;
        widget.current = await renderRecaptcha(container.current, challenge.siteKey, () => {});
      } catch (error) {
        if (!signal.aborted) setState('failed');
        reportError(error);
      }
      return null;
    })();
    return () => controller.abort();
  }, [recaptchaSiteKey]);

  useImperativeHandle(
    ref,
    () => ({
      response: async () => {
        const answer = await solution.current;
        if (answer) return answer;
        const token = widget.current?.response() ?? '';
        return token || null;
      },
    }),
    [],
  );

  return (
    <div className="sign-in__captcha" role="group" aria-label="CAPTCHA" data-state={state}>
      {(state === 'loading' || state === 'solving') && (
        <p className="sign-in__captcha-status" role="status">
          <span className="sign-in__spinner" aria-hidden="true" /> Checking that you're not a robot…
        </p>
      )}
      {state === 'solved' && (
        <p className="sign-in__captcha-status sign-in__captcha-status--done" role="status">
          <span aria-hidden="true">✓</span> Verified. You can sign in.
        </p>
      )}
      {state === 'failed' && (
        <p className="sign-in__captcha-status" role="status">
          The CAPTCHA could not be loaded. Please refresh the page and try again.
        </p>
      )}
      <div ref={container} className="sign-in__recaptcha" hidden={state !== 'recaptcha'} />
    </div>
  );
}
