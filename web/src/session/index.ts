/**
 * Header data shared by the shell: `useSession` (zustand). Call `refreshHeader()`
 * after anything that changes it (sign-in, store change, cart change); the header
 * re-renders from the store.
 */
export { refreshHeader, useSession, toSessionData } from './sessionStore';
export type { SessionData, SessionState, SessionStatus } from './sessionStore';
export { useHeaderDataLifecycle } from './useHeaderDataLifecycle';
