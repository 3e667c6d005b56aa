import { MESSAGES } from '../../shared/forms/messages';
import { passwordChecks, passwordStatus } from '../../shared/forms/password';

/**
 * The create-password rules (spec §5), each shown met or unmet as the visitor types, and the
 * status line: the first unmet rule's message, or 'Password requirements met.'.
 */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  const checks = passwordChecks(password);
  const status = passwordStatus(password);
  const met = checks.every((c) => c.met) && status === MESSAGES.passwordMet;
  return (
    <div id={id} className="sign-in__requirements">
      <p className="sign-in__requirements-title">Password requirements</p>
      <ul className="sign-in__requirement-list">
        {checks.map((check) => (
          <li
            key={check.id}
            className={`sign-in__requirement${check.met ? ' sign-in__requirement--met' : ''}`}
            data-met={check.met}
          >
            <span className="sign-in__requirement-icon" aria-hidden="true">
              {check.met ? '✓' : '•'}
            </span>
            {check.message}
            <span className="visually-hidden">{check.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
      <p
        className={`sign-in__requirements-status${met ? ' sign-in__requirements-status--met' : ''}`}
        role="status"
        aria-live="polite"
      >
        {password === '' ? '' : status}
      </p>
    </div>
  );
}
