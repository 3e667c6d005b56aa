import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESTINATION_KEY } from '../../account/destination';
import { SIGN_IN_PAGES, useSignInPanel } from '../../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { GENERIC_ERROR_MESSAGE } from '../../shared/ui/errors';
import { COPY_YOURSELF_MESSAGE, EVENT_DATE_MESSAGE, LINK_COPIED_MESSAGE, REGISTRY_SIGN_IN_MESSAGE } from '../common';
import { BIRTHDAY, dateAhead, inTurn, mockRegistryApi, notSignedIn, TEST_TOKEN, WEDDING } from '../testing';
import { RegistryListPage } from './RegistryListPage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage() {
  const user = userEvent.setup();
  renderInRouter(<RegistryListPage />, '/gift-registry/list/');
  return { user };
}

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!;
}

function createForm() {
  const section = screen.getByRole('heading', { level: 2, name: 'Create a Registry' }).closest('section')!;
  return {
    section,
    name: within(section).getByLabelText(/Registry name/),
    type: within(section).getByLabelText(/Event type/),
    date: within(section).getByLabelText(/Event date/),
    submit: within(section).getByRole('button', { name: 'Create Registry' }),
  };
}

describe('my registries, signed in', () => {
  it('lists the registries with their event, date, items, Manage, share link or Share, and Delete', async () => {
    mockRegistryApi({ 'GET /api/account/registries': { registries: [WEDDING, BIRTHDAY] } });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'My Registries & Lists' })).toBeVisible();
    expect(document.title).toBe('My Registries & Lists | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/^noindex/);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/');

    await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' });
    const wedding = card('Jane & Sam');
    expect(within(wedding).getByRole('link', { name: 'Jane & Sam' })).toHaveAttribute('href', '/gift-registry/manage/?id=gr_1');
    expect(wedding).toHaveTextContent('Wedding · June 14, 2026 · 2 items');
    expect(within(wedding).getByRole('link', { name: 'Manage Jane & Sam' })).toHaveAttribute(
      'href',
      '/gift-registry/manage/?id=gr_1',
    );
    expect(within(wedding).getByLabelText('Share link for Jane & Sam')).toHaveValue(
      `${window.location.origin}/gift-registry/view/?key=k1`,
    );
    expect(within(wedding).getByRole('button', { name: 'Copy link for Jane & Sam' })).toBeVisible();
    expect(within(wedding).queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();
    expect(within(wedding).getByRole('button', { name: 'Delete Jane & Sam' })).toBeVisible();

    const birthday = card("Leo's 5th");
    expect(birthday).toHaveTextContent('Birthday · November 2, 2025 · 0 items');
    expect(within(birthday).getByRole('button', { name: "Share Leo's 5th" })).toBeVisible();
    expect(within(birthday).queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();

    expect(createForm().submit).toBeVisible();
    expect(useSignInPanel.getState().isOpen).toBe(false);
  });

  it('says so when there are none', async () => {
    mockRegistryApi({ 'GET /api/account/registries': { registries: [] } });
    renderPage();
    expect(await screen.findByText(/You have no registries yet/)).toBeVisible();
  });

  it('a failed list says so and tries again', async () => {
    const { calls } = mockRegistryApi({
      'GET /api/account/registries': inTurn(new Response('oops', { status: 500 }), { registries: [WEDDING] }),
    });
    const { user } = renderPage();

    expect(await screen.findByText(GENERIC_ERROR_MESSAGE)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' })).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/account/registries')).toHaveLength(2);
  });
});

describe('my registries, guest', () => {
  it('opens the sign-in panel (back to this page) and says why', async () => {
    useSession.getState().reset();
    mockRegistryApi({ 'GET /api/account/registries': notSignedIn });
    const { user } = renderPage();

    expect(await screen.findByText(REGISTRY_SIGN_IN_MESSAGE)).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(useSignInPanel.getState().page).toBe(SIGN_IN_PAGES.login);
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/gift-registry/list/');
    expect(screen.queryByRole('heading', { name: 'Create a Registry' })).not.toBeInTheDocument();

    useSignInPanel.getState().reset();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(useSignInPanel.getState().isOpen).toBe(true);
  });
});

describe('create a registry', () => {
  it('shows every field’s message and sends nothing while the form is invalid', async () => {
    const { calls } = mockRegistryApi({ 'GET /api/account/registries': { registries: [] } });
    const { user } = renderPage();
    await screen.findByText(/You have no registries yet/);
    const form = createForm();

    await user.click(form.submit);

    expect(within(form.section).getAllByText('This field is required.')).toHaveLength(2);
    expect(within(form.section).getByText('Please make a selection.')).toBeVisible();
    expect(form.name).toHaveFocus();
    expect(form.name).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.name, 'x'.repeat(101));
    expect(within(form.section).getByText('Must be 100 characters or less.')).toBeVisible();
    await user.type(form.date, dateAhead(-1));
    expect(form.date).toHaveValue(dateAhead(-1));
    expect(within(form.section).getByText(EVENT_DATE_MESSAGE)).toBeVisible();
    await user.clear(form.date);
    await user.type(form.date, dateAhead(30));
    expect(within(form.section).queryByText(EVENT_DATE_MESSAGE)).not.toBeInTheDocument();
    await user.clear(form.date);
    await user.type(form.date, dateAhead(800));
    expect(form.date).toHaveValue(dateAhead(800));
    expect(within(form.section).getByText(EVENT_DATE_MESSAGE)).toBeVisible();

    await user.click(form.submit);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates one, says so, and brings the list and the header data up to date', async () => {
    const eventDate = dateAhead(90);
    const created = { ...BIRTHDAY, id: 'gr_3', name: 'Our Wedding', eventType: 'Wedding', eventDate };
    const { calls, headerCalls } = mockRegistryApi({
      'GET /api/account/registries': inTurn({ registries: [] }, { registries: [created] }),
      'POST /api/account/registry/create': { success: true, errorMessage: null, registryId: 'gr_3' },
    });
    const { user } = renderPage();
    await screen.findByText(/You have no registries yet/);
    const form = createForm();

    await user.type(form.name, '  Our Wedding ');
    await user.selectOptions(form.type, 'Wedding');
    await user.type(form.date, eventDate);
    await user.click(form.submit);

    const notice = await screen.findByText(/Your registry Our Wedding was created/);
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(within(notice).getByRole('link', { name: 'Manage Our Wedding' })).toHaveAttribute(
      'href',
      '/gift-registry/manage/?id=gr_3',
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/account/registry/create',
      body: { name: 'Our Wedding', eventType: 'Wedding', eventDate },
      token: TEST_TOKEN,
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Our Wedding' })).toBeVisible();
    await waitFor(() => expect(headerCalls()).toBe(1));
    await waitFor(() => expect(useSession.getState().customer?.customerHasRegistries).toBe(true));
    // The form is empty again.
    expect(createForm().name).toHaveValue('');
  });

  it('shows the server’s refusal', async () => {
    mockRegistryApi({
      'GET /api/account/registries': { registries: [] },
      'POST /api/account/registry/create': { success: false, errorMessage: 'You have too many registries.', registryId: null },
    });
    const { user } = renderPage();
    await screen.findByText(/You have no registries yet/);
    const form = createForm();

    await user.type(form.name, 'Another');
    await user.selectOptions(form.type, 'Other');
    await user.type(form.date, dateAhead(10));
    await user.click(form.submit);

    expect(await within(form.section).findByRole('alert')).toHaveTextContent('You have too many registries.');
  });

  it('a guest whose sign-in ended gets the sign-in panel', async () => {
    mockRegistryApi({
      'GET /api/account/registries': { registries: [] },
      'POST /api/account/registry/create': notSignedIn,
    });
    const { user } = renderPage();
    await screen.findByText(/You have no registries yet/);
    const form = createForm();

    await user.type(form.name, 'Another');
    await user.selectOptions(form.type, 'Baby');
    await user.type(form.date, dateAhead(10));
    await user.click(form.submit);

    expect(await screen.findByText(REGISTRY_SIGN_IN_MESSAGE)).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
  });
});

describe('share, copy and delete', () => {
  it('Share makes the link, and the list shows it', async () => {
    const sharedBirthday = { ...BIRTHDAY, shared: true, shareUrl: '/gift-registry/view/?key=k2' };
    const { calls } = mockRegistryApi({
      'GET /api/account/registries': inTurn({ registries: [WEDDING, BIRTHDAY] }, { registries: [WEDDING, sharedBirthday] }),
      'POST /api/account/registry/share': { success: true, errorMessage: null, shareUrl: '/gift-registry/view/?key=k2' },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 3, name: "Leo's 5th" });

    await user.click(screen.getByRole('button', { name: "Share Leo's 5th" }));

    expect(await screen.findByText("Leo's 5th can now be shared. Copy its link below.")).toBeVisible();
    expect(await screen.findByLabelText("Share link for Leo's 5th")).toHaveValue(
      `${window.location.origin}/gift-registry/view/?key=k2`,
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/account/registry/share',
      body: { registryId: 'gr_2' },
      token: TEST_TOKEN,
    });
  });

  it('Copy link puts the link on the clipboard, or asks the shopper to copy it', async () => {
    mockRegistryApi({ 'GET /api/account/registries': { registries: [WEDDING] } });
    const { user } = renderPage();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Copy link for Jane & Sam' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/gift-registry/view/?key=k1`);
    expect(await screen.findByText(LINK_COPIED_MESSAGE)).toBeVisible();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link for Jane & Sam' }));
    expect(await screen.findByText(COPY_YOURSELF_MESSAGE)).toBeVisible();
    expect(screen.getByLabelText('Share link for Jane & Sam')).toHaveFocus();
  });

  it('Delete asks first; Cancel leaves the registry alone', async () => {
    const { calls } = mockRegistryApi({ 'GET /api/account/registries': { registries: [WEDDING] } });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Delete Jane & Sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this registry?' });
    expect(dialog).toHaveTextContent('Jane & Sam and its 2 items will be deleted, and its share link will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('Delete removes the registry and brings the header data up to date', async () => {
    const { calls, headerCalls } = mockRegistryApi({
      'GET /api/account/registries': inTurn({ registries: [WEDDING] }, { registries: [] }),
      'POST /api/account/registry/delete': { success: true, errorMessage: null },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Delete Jane & Sam' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete registry' }));

    expect(await screen.findByText('Jane & Sam was deleted.')).toBeVisible();
    expect(await screen.findByText(/You have no registries yet/)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/account/registry/delete',
      body: { registryId: 'gr_1' },
      token: TEST_TOKEN,
    });
    await waitFor(() => expect(headerCalls()).toBe(1));
  });

  it('a registry that is gone (404) says so', async () => {
    mockRegistryApi({
      'GET /api/account/registries': { registries: [WEDDING] },
      'POST /api/account/registry/delete': new Response(JSON.stringify({ success: false }), { status: 404 }),
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 3, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Delete Jane & Sam' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete registry' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This registry was not found. It may have been deleted.');
  });
});
