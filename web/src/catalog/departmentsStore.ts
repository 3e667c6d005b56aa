import { create } from 'zustand';
import { fetchDepartments, type Department } from '../shared/api';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';

export type LoadStatus = 'idle' | 'loading' | 'success' | 'error';

interface DepartmentsState {
  status: LoadStatus;
  departments: Department[];
  /** A message fit to show the shopper, set when `status` is `'error'`. */
  error: string | null;
  /**
   * Loads the department tree once and shares it (home page, later the header
   * menu). Concurrent calls share one request; `force` reloads after success.
   */
  load: (options?: { force?: boolean }) => Promise<void>;
  reset: () => void;
}

const initialState = {
  status: 'idle' as LoadStatus,
  departments: [] as Department[],
  error: null as string | null,
};

let inFlight: Promise<void> | null = null;

export const useDepartmentsStore = create<DepartmentsState>()((set, get) => ({
  ...initialState,

  load: ({ force = false } = {}) => {
    if (inFlight) return inFlight;
    if (get().status === 'success' && !force) return Promise.resolve();

    set({ status: 'loading', error: null });
    const request = fetchDepartments()
      .then((departments) => {
        set({ status: 'success', departments, error: null });
      })
      .catch(() => {
        set({ status: 'error', error: GENERIC_ERROR_MESSAGE });
      })
      .finally(() => {
        if (inFlight === request) inFlight = null;
      });
    inFlight = request;
    return request;
  },

  reset: () => {
    inFlight = null;
    set(initialState);
  },
}));
