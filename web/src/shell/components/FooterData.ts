/**
 * The footer data (storefront-shell §3 "Footer data": isMobileDevice,
 * localStoreJson, assetCdnBaseUrl), read from the header answer
 * (GET /globalresource/header/) that the shell's session store holds.
 *
 * Today the server's header answer carries `localStoreJson` but not
 * `isMobileDevice` or `assetCdnBaseUrl`, and the session store
 * (`src/session`, normalised by `src/shared/api/shell.ts`) keeps only the fields it
 * knows. Once both pass them on, they are used from there; until then:
 * `isMobileDevice` falls back to the mobile media query and
 * `assetCdnBaseUrl` to '' (assets from this origin).
 */
import type { LocalStoreJson } from '../../shared/api/shell';
import { useMediaQuery } from '../../banner/useMediaQuery';
import { useSession } from '../../session';

export const MOBILE_QUERY = '(max-width: 767px)';

export interface FooterData {
  isMobileDevice: boolean;
  localStoreJson: LocalStoreJson | null;
  /** No trailing slash; '' for this origin. */
  assetCdnBaseUrl: string;
}

/** The footer fields of a raw header answer, when the server sends them. */
export function footerFieldsOf(value: unknown): Partial<Pick<FooterData, 'isMobileDevice' | 'assetCdnBaseUrl'>> {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const out: Partial<Pick<FooterData, 'isMobileDevice' | 'assetCdnBaseUrl'>> = {};
  if (typeof raw.isMobileDevice === 'boolean') out.isMobileDevice = raw.isMobileDevice;
  if (typeof raw.assetCdnBaseUrl === 'string' && /^(https:\/\/[^\s/]+)?(\/[^\s]*)?$/.test(raw.assetCdnBaseUrl)) {
    out.assetCdnBaseUrl = raw.assetCdnBaseUrl.replace(/\/+$/, '');
  }
  return out;
}

/** `path` ('/images/…') under the asset CDN, or as is without one. */
export function assetUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path) || !base) return path;
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** The footer data: the server's values where the session has them. */
export function useFooterData(): FooterData {
  const localStoreJson = useSession((s) => s.localStore);
  // Primitive selections: a new object per read would re-render forever.
  const isServerMobile = useSession((s) => footerFieldsOf(s).isMobileDevice);
  const serverCdn = useSession((s) => footerFieldsOf(s).assetCdnBaseUrl);
  const mobileViewport = useMediaQuery(MOBILE_QUERY);
  return {
    isMobileDevice: isServerMobile ?? mobileViewport,
    localStoreJson,
    assetCdnBaseUrl: serverCdn ?? '',
  };
}
