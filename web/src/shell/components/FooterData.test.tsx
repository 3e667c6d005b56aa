import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session';
import { assetUrl, footerFieldsOf, useFooterData } from './FooterData';

function Probe() {
  const data = useFooterData();
  return <output data-testid="data">{JSON.stringify(data)}</output>;
}

const read = () => JSON.parse(screen.getByTestId('data').textContent ?? '{}');

function stubMobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  useSession.getState().reset();
  // reset() merges: drop the fields an earlier test added.
  useSession.setState({ isMobileDevice: undefined, assetCdnBaseUrl: undefined } as never);
});

describe('footer data', () => {
  it('localStoreJson comes from the header answer the session holds', () => {
    stubMobile(false);
    render(<Probe />);
    expect(read().localStoreJson).toBeNull();
    const store = { storeNum: 7, city: 'Madison', cityAlias: 'madison', state: 'WI', urlAlias: 'madison-east-wi' };
    act(() => useSession.setState({ status: 'success', localStore: store }));
    expect(read().localStoreJson).toEqual(store);
  });

  it('the server’s isMobileDevice and assetCdnBaseUrl win once the header answer carries them', () => {
    stubMobile(false);
    render(<Probe />);
    expect(read()).toMatchObject({ isMobileDevice: false, assetCdnBaseUrl: '' });
    act(() =>
      useSession.setState({ isMobileDevice: true, assetCdnBaseUrl: 'https://cdn.example.com/' } as never),
    );
    expect(read()).toMatchObject({ isMobileDevice: true, assetCdnBaseUrl: 'https://cdn.example.com' });
  });

  it('without them: the mobile viewport and this origin', () => {
    stubMobile(true);
    render(<Probe />);
    expect(read()).toMatchObject({ isMobileDevice: true, assetCdnBaseUrl: '' });
  });

  it('ignores fields of the wrong type or an unsafe CDN address', () => {
    expect(footerFieldsOf({ isMobileDevice: 'yes', assetCdnBaseUrl: 'javascript:alert(1)' })).toEqual({});
    expect(footerFieldsOf({ assetCdnBaseUrl: 'http://cdn.example.com' })).toEqual({});
    expect(footerFieldsOf(null)).toEqual({});
  });

  it('assetUrl puts a path under the CDN', () => {
    expect(assetUrl('https://cdn.example.com', '/images/app.svg')).toBe('https://cdn.example.com/images/app.svg');
    expect(assetUrl('', '/images/app.svg')).toBe('/images/app.svg');
  });
});
