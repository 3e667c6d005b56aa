import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESTINATION_KEY } from '../account/destination';
import { SIGN_IN_PAGES, useSignInPanel } from '../account/signInPanelStore';
import { renderInRouter, setSession, SIGNED_IN } from '../header/testing';
import { PurchasePanel } from '../product/components/PurchasePanel';
import { useSession } from '../session';
import { detailsFixture } from '../shared/api/testing';
import { GENERIC_ERROR_MESSAGE } from '../shared/ui/errors';
import { ADD_TO_REGISTRY_TITLE, NO_REGISTRY_YET } from './AddToRegistry';
import { REGISTRY_QUANTITY_MESSAGE } from './common';
import { BIRTHDAY, dateAhead, mockRegistryApi, notSignedIn, TEST_TOKEN, WEDDING } from './testing';

vi.mock('../shared/tracking/hawk', () => ({ trackEvent: vi.fn() }));

const PRODUCT_PATH = '/product/4935743/manila-rope/';

beforeEach(() => {
  useSession.getState().reset();
  useSignInPanel.getState().reset();
  sessionStorage.clear();
});

function renderPanel() {
  const user = userEvent.setup();
  const product = detailsFixture('4935743', { name: 'Manila Rope, 1/2 in' });
  const result = renderInRouter(
    <PurchasePanel
      product={product}
      localStore={null}
      localStock={{ status: 'none' }}
      fulfillment="ShipToHome"
      onFulfillmentChange={() => {}}
    />,
    PRODUCT_PATH,
  );
  return { user, ...result };
}

function registryButton() {
  return screen.getByRole('button', { name: ADD_TO_REGISTRY_TITLE });
}

async function dialog() {
  return screen.findByRole('dialog', { name: ADD_TO_REGISTRY_TITLE });
}

describe('Add to Registry on the product page', () => {
  it('sits beside Add to Cart, which works as before', () => {
    setSession();
    mockRegistryApi({});
    renderPanel();
    const cart = screen.getByTestId('add-to-cart');
    expect(cart).toHaveTextContent('Add to Cart');
    expect(registryButton().parentElement).toBe(cart.parentElement);
    expect(registryButton()).toHaveAttribute('type', 'button');
    expect(registryButton()).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('a guest gets the sign-in panel, back to the product page', async () => {
    setSession(); // a guest
    const { calls } = mockRegistryApi({});
    const { user } = renderPanel();

    await user.click(registryButton());

    expect(useSignInPanel.getState().isOpen).toBe(true);
    expect(useSignInPanel.getState().page).toBe(SIGN_IN_PAGES.login);
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe(PRODUCT_PATH);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a sign-in that ended (401) gets the sign-in panel too', async () => {
    setSession(SIGNED_IN);
    mockRegistryApi({ 'GET /api/account/registries': notSignedIn });
    const { user } = renderPanel();

    await user.click(registryButton());

    await waitFor(() => expect(useSignInPanel.getState().isOpen).toBe(true));
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBe(PRODUCT_PATH);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a customer with registries picks one; the quantity is the page’s', async () => {
    setSession(SIGNED_IN);
    const { calls } = mockRegistryApi({
      'GET /api/account/registries': { registries: [WEDDING, BIRTHDAY] },
      'POST /api/account/registry/items': { success: true, errorMessage: null, itemCount: 1 },
    });
    const { user } = renderPanel();
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');

    await user.click(registryButton());
    const box = await dialog();
    const choices = await within(box).findByRole('group', { name: 'Choose a registry' });
    expect(within(choices).getByRole('radio', { name: /Jane & Sam/ })).toBeChecked();
    expect(within(choices).getByRole('radio', { name: /Leo's 5th/ })).not.toBeChecked();
    expect(within(choices).getByRole('radio', { name: /Jane & Sam/ }).closest('div')).toHaveTextContent(
      'Jane & SamWedding · June 14, 2026',
    );
    expect(within(box).getByLabelText('Quantity wanted')).toHaveValue('3');

    await user.click(within(choices).getByRole('radio', { name: /Leo's 5th/ }));
    await user.click(within(box).getByRole('button', { name: ADD_TO_REGISTRY_TITLE }));

    const done = await within(box).findByText("Added to Leo's 5th.");
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(box).getByRole('link', { name: "Manage Leo's 5th" })).toHaveAttribute(
      'href',
      '/gift-registry/manage/?id=gr_2',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/account/registry/items',
        body: { registryId: 'gr_2', blainNumber: '4935743', quantity: 3 },
        token: TEST_TOKEN,
      },
    ]);

    await user.click(within(box).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(registryButton()).toHaveFocus());
  });

  it('checks the quantity wanted (1–99) and shows the server’s refusal', async () => {
    setSession(SIGNED_IN);
    const { calls } = mockRegistryApi({
      'GET /api/account/registries': { registries: [WEDDING] },
      'POST /api/account/registry/items': {
        success: false,
        errorMessage: 'This item cannot be added to a registry.',
        itemCount: 2,
      },
    });
    const { user } = renderPanel();

    await user.click(registryButton());
    const box = await dialog();
    const quantity = await within(box).findByLabelText('Quantity wanted');
    await user.clear(quantity);
    await user.click(within(box).getByRole('button', { name: ADD_TO_REGISTRY_TITLE }));
    expect(within(box).getByText(REGISTRY_QUANTITY_MESSAGE)).toBeVisible();
    expect(quantity).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(quantity, '2');
    await user.click(within(box).getByRole('button', { name: ADD_TO_REGISTRY_TITLE }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('This item cannot be added to a registry.');
  });

  it('a failed call shows the generic message', async () => {
    setSession(SIGNED_IN);
    mockRegistryApi({
      'GET /api/account/registries': { registries: [WEDDING] },
      'POST /api/account/registry/items': new Response('oops', { status: 500 }),
    });
    const { user } = renderPanel();

    await user.click(registryButton());
    const box = await dialog();
    await within(box).findByRole('group', { name: 'Choose a registry' });
    await user.click(within(box).getByRole('button', { name: ADD_TO_REGISTRY_TITLE }));

    expect(await within(box).findByRole('alert')).toHaveTextContent(GENERIC_ERROR_MESSAGE);
  });

  it('a customer without registries creates one, and the item goes into it', async () => {
    setSession(SIGNED_IN);
    const eventDate = dateAhead(120);
    const { calls, headerCalls } = mockRegistryApi({
      'GET /api/account/registries': { registries: [] },
      'POST /api/account/registry/create': { success: true, errorMessage: null, registryId: 'gr_7' },
      'POST /api/account/registry/items': { success: true, errorMessage: null, itemCount: 1 },
    });
    const { user } = renderPanel();

    await user.click(registryButton());
    const box = await dialog();
    expect(await within(box).findByText(NO_REGISTRY_YET)).toBeVisible();
    expect(within(box).queryByRole('group', { name: 'Choose a registry' })).not.toBeInTheDocument();

    // Every field says what it needs.
    await user.click(within(box).getByRole('button', { name: 'Create Registry & Add Item' }));
    expect(within(box).getAllByText('This field is required.')).toHaveLength(2);
    expect(within(box).getByText('Please make a selection.')).toBeVisible();
    expect(within(box).getByLabelText(/Registry name/)).toHaveFocus();

    await user.type(within(box).getByLabelText(/Registry name/), 'Baby Lee');
    await user.selectOptions(within(box).getByLabelText(/Event type/), 'Baby');
    await user.type(within(box).getByLabelText(/Event date/), eventDate);
    await user.click(within(box).getByRole('button', { name: 'Create Registry & Add Item' }));

    expect(await within(box).findByText('Added to Baby Lee.')).toBeVisible();
    expect(within(box).getByRole('link', { name: 'Manage Baby Lee' })).toHaveAttribute(
      'href',
      '/gift-registry/manage/?id=gr_7',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/account/registry/create',
        body: { name: 'Baby Lee', eventType: 'Baby', eventDate },
        token: TEST_TOKEN,
      },
      {
        method: 'POST',
        path: '/api/account/registry/items',
        body: { registryId: 'gr_7', blainNumber: '4935743', quantity: 1 },
        token: TEST_TOKEN,
      },
    ]);
    // The header's registry links appear.
    await waitFor(() => expect(headerCalls()).toBe(1));
  });

  it('a refused create shows the server’s words and adds nothing', async () => {
    setSession(SIGNED_IN);
    const { calls } = mockRegistryApi({
      'GET /api/account/registries': { registries: [] },
      'POST /api/account/registry/create': { success: false, errorMessage: 'Please choose another name.', registryId: null },
    });
    const { user } = renderPanel();

    await user.click(registryButton());
    const box = await dialog();
    await user.type(await within(box).findByLabelText(/Registry name/), 'Mine');
    await user.selectOptions(within(box).getByLabelText(/Event type/), 'Other');
    await user.type(within(box).getByLabelText(/Event date/), dateAhead(5));
    await user.click(within(box).getByRole('button', { name: 'Create Registry & Add Item' }));

    expect(await within(box).findByRole('alert')).toHaveTextContent('Please choose another name.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/account/registry/create']);
  });

  it('with registries, a new one can be created from the dialog', async () => {
    setSession(SIGNED_IN);
    mockRegistryApi({ 'GET /api/account/registries': { registries: [WEDDING] } });
    const { user } = renderPanel();

    await user.click(registryButton());
    const box = await dialog();
    await within(box).findByRole('group', { name: 'Choose a registry' });
    await user.click(within(box).getByRole('button', { name: 'Create a New Registry' }));

    expect(within(box).getByLabelText(/Registry name/)).toBeVisible();
    expect(within(box).queryByText(NO_REGISTRY_YET)).not.toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Back to My Registries' }));
    expect(within(box).getByRole('group', { name: 'Choose a registry' })).toBeVisible();
  });
});
