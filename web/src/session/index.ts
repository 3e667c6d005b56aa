/**
 * Header data shared by the shell: `useSession` (zustand). Call `refreshHeader()`
 * after anything that changes it (sign-in, store change, cart change); the header
 * re-renders from the store. A sign-in's answer carries the header data
 * (`headerJson`): `refreshHeader({ header: answer.headerJson })` takes it without a
 * fetch, and fetches when it is null.
 */
export { adoptRenderedSession, refreshHeader, useSession, toSessionData } from './sessionStore';
export type { SessionData, SessionState, SessionStatus } from './sessionStore';
export { useHeaderDataLifecycle } from './useHeaderDataLifecycle';
