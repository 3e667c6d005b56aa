import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESTINATION_KEY } from '../../account/destination';
import { useSignInPanel } from '../../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../../header/testing';
import { useSession } from '../../session';
import { LINK_COPIED_MESSAGE, REGISTRY_NOT_FOUND_MESSAGE, REGISTRY_QUANTITY_MESSAGE, REGISTRY_SIGN_IN_MESSAGE } from '../common';
import { inTurn, mockRegistryApi, notFound, notSignedIn, TEST_TOKEN, weddingDetails } from '../testing';
import { RegistryManagePage } from './RegistryManagePage';

vi.mock('../../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const DETAILS_PATH = 'GET /api/account/registries/gr_1';

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
  setSession(SIGNED_IN);
});

function renderPage(path = '/gift-registry/manage/?id=gr_1') {
  const user = userEvent.setup();
  renderInRouter(<RegistryManagePage />, path);
  return { user };
}

function item(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li')!;
}

describe('manage a registry, signed in', () => {
  it('shows the registry, its items with picture, link, price and quantity wanted, and the way back', async () => {
    mockRegistryApi({ [DETAILS_PATH]: weddingDetails() });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' })).toBeVisible();
    expect(document.title).toBe('Jane & Sam | Storefront');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/^noindex/);
    expect(document.querySelector('.registry-summary')).toHaveTextContent('Wedding · June 14, 2026 · 3 items');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Registries & Lists' })).toHaveAttribute('href', '/gift-registry/list/');
    expect(screen.getByRole('link', { name: /Back to My Registries & Lists/ })).toHaveAttribute('href', '/gift-registry/list/');

    const rope = item('Manila Rope, 1/2 in');
    expect(within(rope).getByRole('link', { name: 'Manila Rope, 1/2 in' })).toHaveAttribute(
      'href',
      '/product/4935743/manila-rope-1-2-in/',
    );
    expect(rope.querySelector('img')).toHaveAttribute('src', '/images/products/4935743_1.jpg');
    expect(rope).toHaveTextContent('$29.79');
    expect(within(rope).getByLabelText('Quantity wanted of Manila Rope, 1/2 in')).toHaveValue('2');
    expect(within(rope).getByRole('button', { name: 'Remove Manila Rope, 1/2 in' })).toBeVisible();
    expect(item('Galvanized Bucket')).toHaveTextContent('$12.99');

    const gone = item('Item #7777777');
    expect(gone).toHaveTextContent('This item is no longer available.');
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
  });

  it('an empty registry says how to add items', async () => {
    mockRegistryApi({ [DETAILS_PATH]: weddingDetails({ items: [] }) });
    renderPage();
    expect(await screen.findByText(/Your registry has no items yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('sets the quantity wanted (1–99) and shows the new one', async () => {
    const changed = weddingDetails();
    changed.items[0] = { ...changed.items[0]!, quantity: 5 };
    const { calls } = mockRegistryApi({
      [DETAILS_PATH]: inTurn(weddingDetails(), changed),
      'POST /api/account/registry/items': { success: true, errorMessage: null, itemCount: 3 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });
    const rope = item('Manila Rope, 1/2 in');
    const input = within(rope).getByLabelText('Quantity wanted of Manila Rope, 1/2 in');

    await user.clear(input);
    await user.type(input, '0');
    await user.click(within(rope).getByRole('button', { name: 'Update quantity of Manila Rope, 1/2 in' }));
    expect(within(rope).getByRole('alert')).toHaveTextContent(REGISTRY_QUANTITY_MESSAGE);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, '5x0');
    expect(input).toHaveValue('50');
    await user.clear(input);
    await user.type(input, '5{Enter}');

    expect(await screen.findByText('Manila Rope, 1/2 in: 5 wanted.')).toBeVisible();
    await waitFor(() =>
      expect(within(item('Manila Rope, 1/2 in')).getByLabelText('Quantity wanted of Manila Rope, 1/2 in')).toHaveValue('5'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/account/registry/items',
        body: { registryId: 'gr_1', blainNumber: '4935743', quantity: 5 },
        token: TEST_TOKEN,
      },
    ]);
  });

  it('shows the server’s refusal of a quantity by the item', async () => {
    mockRegistryApi({
      [DETAILS_PATH]: weddingDetails(),
      'POST /api/account/registry/items': { success: false, errorMessage: 'Quantity must be 1 to 99.', itemCount: 3 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });
    const bucket = item('Galvanized Bucket');

    await user.clear(within(bucket).getByRole('textbox'));
    await user.type(within(bucket).getByRole('textbox'), '3{Enter}');

    expect(await within(bucket).findByRole('alert')).toHaveTextContent('Quantity must be 1 to 99.');
  });

  it('removes an item', async () => {
    const after = weddingDetails();
    after.items.splice(1, 1);
    const { calls } = mockRegistryApi({
      [DETAILS_PATH]: inTurn(weddingDetails(), after),
      'POST /api/account/registry/items/remove': { success: true, errorMessage: null, itemCount: 2 },
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });

    await user.click(screen.getByRole('button', { name: 'Remove Galvanized Bucket' }));

    const notice = await screen.findByText('Galvanized Bucket was removed from your registry.');
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Galvanized Bucket' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/account/registry/items/remove',
      body: { registryId: 'gr_1', blainNumber: '1000002' },
      token: TEST_TOKEN,
    });
  });

  it('Share makes the link; Copy puts it on the clipboard', async () => {
    const { calls } = mockRegistryApi({
      [DETAILS_PATH]: inTurn(
        weddingDetails(),
        weddingDetails({ shared: true, shareUrl: '/gift-registry/view/?key=k1' }),
      ),
      'POST /api/account/registry/share': { success: true, errorMessage: null, shareUrl: '/gift-registry/view/?key=k1' },
    });
    const { user } = renderPage();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await screen.findByRole('heading', { level: 1, name: 'Jane & Sam' });
    const section = screen.getByRole('heading', { level: 2, name: 'Share your registry' }).closest('section')!;

    await user.click(within(section).getByRole('button', { name: 'Share' }));

    const copy = await within(section).findByRole('button', { name: 'Copy link for Jane & Sam' });
    await waitFor(() => expect(copy).toHaveFocus());
    expect(within(section).getByText('Your share link is ready.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Share link for Jane & Sam')).toHaveValue(
      `${window.location.origin}/gift-registry/view/?key=k1`,
    );
    expect(within(section).getByRole('link', { name: 'See your registry as guests see it' })).toHaveAttribute(
      'href',
      '/gift-registry/view/?key=k1',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/account/registry/share',
      body: { registryId: 'gr_1' },
      token: TEST_TOKEN,
    });

    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/gift-registry/view/?key=k1`);
    expect(await within(section).findByText(LINK_COPIED_MESSAGE)).toBeVisible();
  });

  it('a registry that is not the customer’s (404), or no id, says it was not found', async () => {
    mockRegistryApi({ 'GET /api/account/registries/gr_9': notFound });
    renderPage('/gift-registry/manage/?id=gr_9');
    expect(await screen.findByText(REGISTRY_NOT_FOUND_MESSAGE)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Registry' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to My Registries & Lists' })).toHaveAttribute('href', '/gift-registry/list/');
  });

  it('without an id nothing is asked', async () => {
    const { calls } = mockRegistryApi({});
    renderPage('/gift-registry/manage/');
    expect(await screen.findByText(REGISTRY_NOT_FOUND_MESSAGE)).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe('manage a registry, guest', () => {
  it('opens the sign-in panel (back to this registry) and says why', async () => {
    useSession.getState().reset();
    mockRegistryApi({ [DETAILS_PATH]: notSignedIn });
    renderPage();

    expect(await screen.findByText(REGISTRY_SIGN_IN_MESSAGE)).toBeVisible();
    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe('/gift-registry/manage/?id=gr_1');
  });
});
