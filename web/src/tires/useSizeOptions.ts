import { useEffect, useEffectEvent, useState } from 'react';
import { fetchAspectRatios, fetchRimSizes, fetchSectionWidths } from '../shared/api/tires';
import { reportError } from '../shared/ui/errors';

export type OptionsState =
  | { status: 'idle'; options: number[] }
  | { status: 'loading'; options: number[] }
  | { status: 'success'; options: number[] }
  | { status: 'error'; options: number[] };

const IDLE: OptionsState = { status: 'idle', options: [] };

/** Answers by URL, kept for the page's life (Back and reselecting don't refetch). */
const cache = new Map<string, Promise<number[]>>();

/** Forgets the cached answers (tests). */
export function clearSizeOptionsCache(): void {
  cache.clear();
}

function cached(key: string, load: () => Promise<number[]>): Promise<number[]> {
  let promise = cache.get(key);
  if (!promise) {
    promise = load();
    cache.set(key, promise);
    // A failure is not kept: the next try asks again.
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

/** The options of one step; `key` null while the step can't be asked yet. */
function useOptions(key: string | null, load: () => Promise<number[]>): OptionsState {
  const [state, setState] = useState<{ key: string | null; value: OptionsState }>({ key: null, value: IDLE });
  // `load` is derived from `key` (a new closure every render): not a reason to ask again.
  const loadOptions = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ key, value: { status: 'loading', options: [] } });
    cached(key, () => loadOptions()).then(
      (options) => live && setState({ key, value: { status: 'success', options } }),
      (error) => {
        reportError(error);
        if (live) setState({ key, value: { status: 'error', options: [] } });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (key === null) return IDLE;
  // Until the effect has run for a new key, the old key's answer is not this step's.
  return state.key === key ? state.value : { status: 'loading', options: [] };
}

export function useWidths(): OptionsState {
  return useOptions('widths', () => fetchSectionWidths());
}

export function useRatios(width: number | null): OptionsState {
  return useOptions(width === null ? null : `ratios:${width}`, () => fetchAspectRatios(width!));
}

export function useRims(width: number | null, ratio: number | null): OptionsState {
  return useOptions(
    width === null || ratio === null ? null : `rims:${width}:${ratio}`,
    () => fetchRimSizes(width!, ratio!),
  );
}
