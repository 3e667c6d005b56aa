import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkAdBlock } from '../../shared/ui/adBlockBait';
import { AD_BLOCKED_MESSAGE } from '../../shared/ui/constants';
import { Modal } from '../../shared/ui/Modal';

export { AD_BLOCKED_MESSAGE };

/**
 * Where Feedback leads once no blocker is found. The spec names only the
 * blocked case; the customer-care page (spec §2) is where shoppers write to us.
 */
export const FEEDBACK_PATH = '/customer-care/';

/**
 * The footer's Feedback action: first the ad-block bait check (every 50 ms,
 * 5 loops); when a browser extension hides or removes the bait, an alert
 * dialog says 'A browser extension appears to be blocking this feature!'
 * (OK, Escape or Enter closes it; focus returns to Feedback); otherwise the
 * feedback page opens.
 */
export function FooterFeedback({ onOpen }: { onOpen?: () => void }) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const busy = useRef(false);

  async function onClick() {
    if (busy.current) return;
    busy.current = true;
    setChecking(true);
    try {
      if (await checkAdBlock()) {
        setBlocked(true);
        return;
      }
      if (onOpen) onOpen();
      else void navigate(FEEDBACK_PATH);
    } finally {
      busy.current = false;
      setChecking(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="site-footer__text-button site-footer__feedback"
        aria-disabled={checking || undefined}
        onClick={() => void onClick()}
      >
        Feedback
      </button>
      <Modal
        open={blocked}
        onClose={() => setBlocked(false)}
        title={AD_BLOCKED_MESSAGE}
        closeLabel="OK"
        closeOnEnter
        role="alertdialog"
      />
    </>
  );
}
