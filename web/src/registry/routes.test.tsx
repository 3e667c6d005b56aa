import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInPanel } from '../account/signInPanelStore';
import { APP_PATHS, PLACEHOLDER_PAGES, REGISTRY_PATHS } from '../content/siteLinks';
import { setSession, SIGNED_IN } from '../header/testing';
import { useSession } from '../session';
import { renderRoute } from '../test/renderRoute';
import { INVALID_SHARE_LINK_MESSAGE, REGISTRY_SIGN_IN_MESSAGE } from './common';
import { mockRegistryApi, notFound, notSignedIn, WEDDING, weddingDetails } from './testing';

vi.mock('../shared/api/reload', () => ({ reloadPage: vi.fn() }));

/** Each test renders the whole shell: generous on a busy machine. */
const SLOW = 20_000;

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
});

describe('registry routes', () => {
  it('are pages of the app, no longer placeholders', () => {
    expect(Object.values(REGISTRY_PATHS).every((p) => APP_PATHS.includes(p))).toBe(true);
    expect(PLACEHOLDER_PAGES.map((p) => p.path)).not.toContain(REGISTRY_PATHS.list);
  });

  it.each([
    ['/gift-registry/list/', 'My Registries & Lists'],
    ['/gift-registry/manage/?id=gr_1', 'Jane & Sam'],
  ])('%s renders its page inside the shell', async (path, title) => {
    setSession(SIGNED_IN);
    mockRegistryApi({
      'GET /api/account/registries': { registries: [WEDDING] },
      'GET /api/account/registries/gr_1': weddingDetails(),
    });
    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`${title} | Storefront`));
    expect(screen.getByRole('banner')).toBeInTheDocument();
  }, SLOW);

  it('a guest on /gift-registry/list/ gets the sign-in panel', async () => {
    mockRegistryApi({ 'GET /api/account/registries': notSignedIn });
    renderRoute('/gift-registry/list/');

    expect(await screen.findByText(REGISTRY_SIGN_IN_MESSAGE, {}, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  }, SLOW);

  it('/gift-registry/view/ with an unknown key says the link is not valid', async () => {
    mockRegistryApi({ 'GET /api/registry/shared': notFound });
    renderRoute('/gift-registry/view/?key=nope');
    expect(await screen.findByText(INVALID_SHARE_LINK_MESSAGE, {}, { timeout: 10_000 })).toBeVisible();
  }, SLOW);

  it('the Gift Registry page links to My Registries & Lists for creating and managing', async () => {
    mockRegistryApi({});
    renderRoute('/gift-registry/');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Gift Registry & Lists' }, { timeout: 10_000 });
    const main = heading.closest('main') ?? screen.getByRole('main');
    const links = within(main).getAllByRole('link', { name: 'My Registries & Lists' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/gift-registry/list/');
  }, SLOW);
});
