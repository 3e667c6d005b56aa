/**
 * Header data shared by the shell: `useSession` (zustand). Call
 * `useSession.getState().refresh()` after anything that changes it (sign-in,
 * store change, cart change); the header re-renders from the store.
 */
export { useSession, toSessionData } from './sessionStore';
export type { SessionData, SessionState, SessionStatus } from './sessionStore';
export { useHeaderDataLifecycle } from './useHeaderDataLifecycle';
