import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockAccountApi, notSignedIn } from '../account/pages/testing';
import { useSignInPanel } from '../account/signInPanelStore';
import { APP_PATHS, CERTIFICATE_PATH, CONTENT_PAGES, LINK_GROUPS, PLACEHOLDER_PAGES } from '../content/siteLinks';
import { setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { renderRoute } from '../test/renderRoute';
import { NO_EXEMPTION } from './testing';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

/** Each test renders the whole shell: generous on a busy machine. */
const SLOW = 20_000;

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
});

describe('the tax-exemption route', () => {
  it('is a page of the app, no longer a content page, and the footer links it', () => {
    expect(CERTIFICATE_PATH).toBe('/account/certificate/');
    expect(APP_PATHS).toContain(CERTIFICATE_PATH);
    expect(CONTENT_PAGES.map((p) => p.path)).not.toContain(CERTIFICATE_PATH);
    expect(PLACEHOLDER_PAGES.map((p) => p.path)).not.toContain(CERTIFICATE_PATH);
    const group = LINK_GROUPS.find((g) => g.id === 'tax-exempt');
    expect(group?.links).toEqual([{ label: 'Tax Exempt Application', href: CERTIFICATE_PATH }]);
  });

  it('renders the application inside the shell', async () => {
    setSession(SIGNED_IN);
    mockAccountApi({ 'GET /api/account/certificate': NO_EXEMPTION });
    renderRoute(CERTIFICATE_PATH);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tax Exempt Application' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(await screen.findByRole('form', { name: 'Apply for a tax exemption' }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Tax Exempt Application | Storefront'));
    expect(screen.getByRole('banner')).toBeInTheDocument();
  }, SLOW);

  it('a guest gets the programme in brief and the sign-in panel', async () => {
    mockAccountApi({ 'GET /api/account/certificate': notSignedIn });
    renderRoute(CERTIFICATE_PATH);

    expect(
      await screen.findByText('Please sign in to apply for a tax exemption.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  }, SLOW);
});
