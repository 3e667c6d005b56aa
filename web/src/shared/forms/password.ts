import { MESSAGES, maxLengthMessage } from './messages';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

export interface PasswordCheck {
  id: 'lowercase' | 'uppercase' | 'length' | 'number';
  met: boolean;
  message: string;
}

/** Each password rule with whether it is met, in display order. */
export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { id: 'lowercase', met: /[a-z]/.test(password), message: MESSAGES.passwordLowercase },
    { id: 'uppercase', met: /[A-Z]/.test(password), message: MESSAGES.passwordUppercase },
    {
      id: 'length',
      met: password.length >= PASSWORD_MIN_LENGTH,
      message: MESSAGES.passwordLength,
    },
    { id: 'number', met: /\d/.test(password), message: MESSAGES.passwordNumber },
  ];
}

/**
 * Create-password validation: the first unmet rule's message, the maximum
 * length message over 100 characters, or null.
 */
export function validatePassword(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH) return maxLengthMessage(PASSWORD_MAX_LENGTH);
  return passwordChecks(password).find((c) => !c.met)?.message ?? null;
}

/** The status line under a new-password field. */
export function passwordStatus(password: string): string {
  return validatePassword(password) ?? MESSAGES.passwordMet;
}

/** The generic password helper: one message for any unmet rule. */
export function validatePasswordGeneric(password: string): string | null {
  return validatePassword(password) === null ? null : MESSAGES.passwordGeneric;
}
