/**
 * Who is using the console (`GET /api/staff/me`), asked once and shared by the shell and its
 * pages: loading, signed in with roles (`ready`), `signedOut` (401: no staff credentials),
 * `forbidden` (403: a customer without staff roles) or `error` (anything else).
 */
import { create } from 'zustand';
import { NetworkError } from '../shared/api/client';
import { fetchStaffMe, type StaffMe } from './api/staff';

export type StaffSession =
  | { status: 'loading' }
  | { status: 'ready'; me: StaffMe }
  | { status: 'signedOut' }
  | { status: 'forbidden' }
  | { status: 'error' };

interface StaffSessionState {
  session: StaffSession;
  /** Asks the server unless it was asked already (`force`: ask again). */
  load: (force?: boolean) => Promise<void>;
  /** A staff call answered 401: the session ended. */
  signedOut: () => void;
  /** The session changed (an invitation accepted): the next `load` asks anew. */
  reset: () => void;
}

let asked: Promise<void> | null = null;
/** Each ask's number: an older answer does not overwrite a newer one. */
let generation = 0;

export const useStaffSession = create<StaffSessionState>()((set) => ({
  session: { status: 'loading' },
  load: (force = false) => {
    if (asked && !force) return asked;
    const mine = ++generation;
    set({ session: { status: 'loading' } });
    asked = fetchStaffMe().then(
      (me) => {
        if (mine === generation) set({ session: { status: 'ready', me } });
      },
      (error: unknown) => {
        if (mine !== generation) return;
        const status = error instanceof NetworkError ? error.status : undefined;
        set({ session: { status: status === 401 ? 'signedOut' : status === 403 ? 'forbidden' : 'error' } });
      },
    );
    return asked;
  },
  signedOut: () => {
    generation++;
    asked = Promise.resolve();
    set({ session: { status: 'signedOut' } });
  },
  reset: () => {
    generation++;
    asked = null;
    set({ session: { status: 'loading' } });
  },
}));
