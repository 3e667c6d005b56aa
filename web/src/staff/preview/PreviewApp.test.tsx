import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { me, mockStaffApi, refusal, resetStaff, TEST_TOKEN, type Call } from '../testing';
import { takeFlash } from './flash';
import { rememberPins } from './order';
import { PreviewApp, type Navigation } from './PreviewApp';

const MERCH = '/api/staff/merch';
const EXPLAIN = '/api/staff/search/explain';

interface Card {
  id: string;
  name: string;
  pinned?: boolean;
}

/** The shoppers' result list as the listing renders it (what the preview reads). */
function shopperPage(cards: Card[], heading = 'Results for "dog food"') {
  document.body.innerHTML = '';
  const main = document.createElement('main');
  main.innerHTML = `<h1>${heading}</h1><ul class="listing__grid"></ul>`;
  document.body.append(main);
  const list = main.querySelector('ul')!;
  for (const card of cards) list.append(cardElement(card));
  return list;
}

function cardElement(card: Card): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'product-card';
  li.dataset.blainNumber = card.id;
  if (card.pinned) li.dataset.pinned = 'true';
  li.innerHTML = `<article class="product-card__inner">${card.pinned ? '<p class="product-card__pinned">Pinned</p>' : ''}<h3 class="product-card__name"><a href="/product/${card.id}/">${card.name}</a></h3><div class="product-card__tools"><button type="button">Item details</button></div></article>`;
  return li;
}

const CARDS: Card[] = [
  { id: '1', name: 'Kibble One', pinned: true },
  { id: '2', name: 'Kibble Two', pinned: true },
  { id: '3', name: 'Kibble Three' },
];

function renderPreview(options: { flash?: Parameters<typeof PreviewApp>[0]['flash'] } = {}) {
  const navigation: Navigation = { reload: vi.fn(), assign: vi.fn() };
  const host = document.createElement('div');
  document.body.prepend(host);
  const result = render(<PreviewApp navigation={navigation} flash={options.flash ?? null} />, { container: host });
  return { navigation, ...result };
}

function card(id: string) {
  return document.querySelector<HTMLElement>(`li[data-blain-number="${id}"]`)!;
}

function pinCalls(calls: Call[]) {
  return calls.filter((c) => c.path.startsWith(MERCH));
}

beforeEach(() => {
  resetStaff();
  window.history.replaceState(null, '', '/s/?keyword=dog%20food&hawkb=B');
});

describe('preview mode on the shoppers’ page', () => {
  it('the bar: who previews, the board, the synonyms switch; controls in each card', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    shopperPage(CARDS);
    renderPreview();
    const bar = screen.getByRole('region', { name: 'Store preview' });
    expect(await within(bar).findByText(/signed in as Amy \(merchandiser\)/)).toBeVisible();
    expect(bar).toHaveTextContent('Pins for “dog food”');
    expect(within(bar).getByRole('link', { name: 'Pins page' })).toHaveAttribute('href', '/staff/merch/pins/?keyword=dog%20food');
    expect(within(bar).getByRole('radio', { name: 'Published' })).toBeChecked();
    expect(within(bar).getByRole('button', { name: 'Turn off preview' })).toBeVisible();

    // The controls sit inside each card, below its content.
    const first = await within(card('1')).findByRole('group', { name: 'Merchandising: Kibble One' });
    expect(first.parentElement?.parentElement?.tagName).toBe('ARTICLE');
    expect(within(first).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '⠿ Drag to reorder Kibble One',
      'Move down Kibble One',
      'Unpin Kibble One',
      'Explain Kibble One',
    ]);
    expect(within(card('2')).getAllByRole('button', { name: /Kibble Two$/ }).map((b) => b.textContent)).toEqual([
      '⠿ Drag to reorder Kibble Two',
      'Move up Kibble Two',
      'Unpin Kibble Two',
      'Explain Kibble Two',
    ]);
    expect(within(card('3')).getAllByRole('button', { name: /Kibble Three$/ }).map((b) => b.textContent)).toEqual([
      'Pin to top Kibble Three',
      'Explain Kibble Three',
    ]);
    expect(card('1')).toHaveTextContent('Pin 1 of 2');
  });

  it('Pin to top posts to the keyword’s board with the session’s token, then loads the page again', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/AddItemToTop`]: { success: true, pins: ['3', '1', '2'], redirect: null },
    });
    shopperPage(CARDS);
    const { navigation } = renderPreview();
    await userEvent.click(await within(card('3')).findByRole('button', { name: 'Pin to top Kibble Three' }));
    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(pinCalls(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `${MERCH}/AddItemToTop`,
        token: TEST_TOKEN,
        body: { keyword: 'dog food', lp: null, hawkb: 'B', hawkaid: null, hawkp: null, itemId: '3' },
      }),
    ]);
    // Said once the page is back, with the focus on the card's controls.
    expect(takeFlash()).toEqual({
      message: 'Pinned “Kibble Three” to the top. 3 items are pinned.',
      blainNumber: '3',
      action: 'unpin',
    });
  });

  it('Move down sends the board’s full new order; Unpin the item', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/UpdateItemPinOrder`]: { success: true, pins: ['x', '2', '1'], redirect: null },
      [`POST ${MERCH}/UnpinItem`]: { success: true, pins: ['1'], redirect: null },
    });
    // The board also pins 'x', which this search does not list.
    rememberPins('kw:dog food', ['1', 'x', '2']);
    shopperPage(CARDS);
    const { navigation } = renderPreview();
    await userEvent.click(await within(card('1')).findByRole('button', { name: 'Move down Kibble One' }));
    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(pinCalls(calls)[0]!.body).toMatchObject({ keyword: 'dog food', itemList: ['2', 'x', '1'] });
    expect(takeFlash()).toMatchObject({ message: 'Moved “Kibble One” down. 3 items are pinned.', action: 'down' });
    expect(sessionStorage.getItem('sf.preview.pins:kw:dog food')).toBe('["x","2","1"]');
  });

  it('a refusal is said in the bar, and the page stays', async () => {
    mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/UnpinItem`]: refusal(422, 'NotPinned', 'That item is not pinned here.'),
    });
    shopperPage(CARDS);
    const { navigation } = renderPreview();
    await userEvent.click(await within(card('2')).findByRole('button', { name: 'Unpin Kibble Two' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That item is not pinned here.');
    expect(navigation.reload).not.toHaveBeenCalled();
    expect(within(card('2')).getByRole('button', { name: 'Unpin Kibble Two' })).not.toHaveAttribute('aria-disabled');
  });

  it('Explain opens a dialog with why the item is there, its score and its pin', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${EXPLAIN}`]: {
        docid: '1',
        keyword: 'dog food',
        fields: { number: '1', name: 'Kibble One', brand: 'Acme', keywords: ['Pet'], attributes: [], description: '' },
        inIndex: true,
        matched: true,
        keywordMatched: true,
        failedFilters: [],
        numberMatched: false,
        words: [{ word: 'dog', stems: ['dog'], fields: ['name'], typos: [], matched: true }],
        scores: {
          score: 3.25,
          explanation: { value: 3.25, description: 'sum of:', details: [{ value: 2, description: 'weight(name:dog)' }] },
          rankedByScore: true,
          storeBoost: 1.5,
          storeBoostApplied: false,
          pin: { position: 1, slot: 1 },
          rules: ['Pinned to place 1 by a merchandiser'],
        },
        board: 'kw:dog food',
      },
    });
    shopperPage(CARDS);
    renderPreview();
    const explain = await within(card('1')).findByRole('button', { name: 'Explain Kibble One' });
    await userEvent.click(explain);
    const dialog = await screen.findByRole('dialog', { name: 'Explain: Kibble One' });
    expect(await within(dialog).findByText('Matches this search: it is among the results.')).toBeVisible();
    expect(dialog).toHaveTextContent('3.25 (the score orders these results)');
    expect(dialog).toHaveTextContent('Pin 1 on the board; shown at place 1.');
    expect(dialog).toHaveTextContent('Pinned to place 1 by a merchandiser');
    expect(dialog).toHaveTextContent('weight(name:dog)');
    expect(calls.find((c) => c.path.startsWith(EXPLAIN))?.path).toBe(
      `${EXPLAIN}?keyword=dog%20food&hawkb=B&docid=1`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(explain).toHaveFocus();
  });

  it('after the reload: the outcome is said and the focus is on the card’s controls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
      shopperPage(CARDS);
      renderPreview({ flash: { message: 'Moved “Kibble Two” up. 2 items are pinned.', blainNumber: '2', action: 'up' } });
      await waitFor(() => expect(within(card('2')).getByRole('button', { name: 'Move up Kibble Two' })).toHaveFocus());
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(screen.getByRole('status')).toHaveTextContent('Moved “Kibble Two” up. 2 items are pinned.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the page: cards drawn later get their controls', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    const list = shopperPage([]);
    renderPreview();
    await screen.findByText(/\(merchandiser\)/);
    list.append(cardElement({ id: '9', name: 'Late Kibble' }));
    expect(await within(card('9')).findByRole('button', { name: 'Pin to top Late Kibble' })).toBeVisible();
  });

  it('the synonyms switch and Turn off preview', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    document.cookie = 'sf_preview=1; Path=/';
    shopperPage(CARDS);
    const { navigation } = renderPreview();
    await userEvent.click(await screen.findByRole('radio', { name: 'With drafts' }));
    expect(navigation.assign).toHaveBeenCalledWith('/s/?keyword=dog%20food&hawkb=B&prv=draft');
    await userEvent.type(screen.getByLabelText('Rules as of'), '2026-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(navigation.assign).toHaveBeenLastCalledWith('/s/?keyword=dog%20food&hawkb=B&HawkDate=2026-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off preview' }));
    expect(document.cookie).not.toContain('sf_preview=1');
    expect(navigation.reload).toHaveBeenCalled();
  });

  it('without the merchandiser role, or signed out: no controls', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('analyst') });
    shopperPage(CARDS);
    renderPreview();
    expect(await screen.findByText(/without the merchandiser role/)).toBeVisible();
    expect(within(card('3')).queryByRole('button', { name: /Pin to top/ })).toBeNull();
  });
});

/** Three pins and two cards that are not pinned. */
const FIVE: Card[] = [
  { id: '1', name: 'Kibble One', pinned: true },
  { id: '2', name: 'Kibble Two', pinned: true },
  { id: '3', name: 'Kibble Three', pinned: true },
  { id: '4', name: 'Kibble Four' },
  { id: '5', name: 'Kibble Five' },
];

/**
 * The cards laid out in one row of the grid (the test DOM lays nothing out): card i (from 0) 200 × 300
 * at x = 220 i, y = 100.
 */
function layOutRow(ids: string[]) {
  ids.forEach((id, i) => {
    const box = { left: i * 220, top: 100, width: 200, height: 300 };
    card(id).getBoundingClientRect = () =>
      ({ ...box, x: box.left, y: box.top, right: box.left + 200, bottom: 400, toJSON: () => box }) as DOMRect;
  });
}

type PointerType = 'pointerDown' | 'pointerMove' | 'pointerUp';

/** A pointer event on the handle (which captures the pointer: its moves and up come to it). */
function pointer(type: PointerType, handle: HTMLElement, x: number, y: number, pointerType = 'mouse') {
  fireEvent[type](handle, { pointerId: 7, isPrimary: true, pointerType, button: 0, clientX: x, clientY: y });
}

/** The cards marked as drop targets, with the side. */
function dropMarks() {
  return Array.from(document.querySelectorAll<HTMLElement>('li.staff-preview-drop')).map(
    (li) => `${li.dataset.blainNumber}:${li.classList.contains('staff-preview-drop--before') ? 'before' : 'after'}`,
  );
}

describe('reordering the pins by drag', () => {
  it('a drag of pin 1 to after pin 3 sends the board’s whole new order', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/UpdateItemPinOrder`]: { success: true, pins: ['2', '3', '1'], redirect: null },
    });
    shopperPage(FIVE);
    layOutRow(['1', '2', '3', '4', '5']);
    const { navigation } = renderPreview();
    const handle = await within(card('1')).findByRole('button', { name: 'Drag to reorder Kibble One' });
    expect(within(card('4')).queryByRole('button', { name: /Drag to reorder/ })).toBeNull();

    pointer('pointerDown', handle, 100, 150);
    expect(handle).toHaveFocus();
    // Not a drag yet: nothing marked.
    pointer('pointerMove', handle, 102, 151);
    expect(document.documentElement).not.toHaveClass('staff-preview-dragging');
    // Over its own right neighbour's left half: where it already is, nothing marked.
    pointer('pointerMove', handle, 300, 200);
    expect(card('1')).toHaveClass('staff-preview-dragged');
    expect(dropMarks()).toEqual([]);
    // Over the right half of pin 3: after it.
    pointer('pointerMove', handle, 600, 250);
    expect(dropMarks()).toEqual(['3:after']);
    expect(card('3')).toHaveClass('staff-preview-drop--x');
    expect(card('1')).toHaveTextContent('Pin 1 of 3 · moving to pin 3');
    // A gap of the grid keeps the target.
    pointer('pointerMove', handle, 430, 250);
    expect(dropMarks()).toEqual(['3:after']);
    pointer('pointerUp', handle, 600, 250);

    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(pinCalls(calls)).toEqual([
      expect.objectContaining({ path: `${MERCH}/UpdateItemPinOrder`, body: expect.objectContaining({ itemList: ['2', '3', '1'] }) }),
    ]);
    expect(takeFlash()).toEqual({
      message: 'Moved “Kibble One” to pin 3 of 3. 3 items are pinned.',
      blainNumber: '1',
      action: 'drag',
    });
    // Nothing left marked.
    expect(dropMarks()).toEqual([]);
    expect(card('1')).not.toHaveClass('staff-preview-dragged');
    expect(document.documentElement).not.toHaveClass('staff-preview-dragging');
  });

  it('a drop keeps the board’s pins the page does not show in their places (a finger drags too)', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/UpdateItemPinOrder`]: { success: true, pins: ['3', 'x', '1', '2'], redirect: null },
    });
    rememberPins('kw:dog food', ['1', 'x', '2', '3']);
    shopperPage(FIVE);
    layOutRow(['1', '2', '3', '4', '5']);
    const { navigation } = renderPreview();
    const handle = await within(card('3')).findByRole('button', { name: 'Drag to reorder Kibble Three' });
    pointer('pointerDown', handle, 540, 380, 'touch');
    pointer('pointerMove', handle, 50, 200, 'touch');
    expect(dropMarks()).toEqual(['1:before']);
    pointer('pointerUp', handle, 50, 200, 'touch');
    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(pinCalls(calls)[0]!.body).toMatchObject({ itemList: ['3', 'x', '1', '2'] });
  });

  it('Escape cancels the drag: nothing marked, nothing sent', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    shopperPage(FIVE);
    layOutRow(['1', '2', '3', '4', '5']);
    const { navigation } = renderPreview();
    const handle = await within(card('1')).findByRole('button', { name: 'Drag to reorder Kibble One' });
    pointer('pointerDown', handle, 100, 150);
    pointer('pointerMove', handle, 600, 250);
    expect(dropMarks()).toEqual(['3:after']);
    await userEvent.keyboard('{Escape}');
    expect(dropMarks()).toEqual([]);
    expect(card('1')).not.toHaveClass('staff-preview-dragged');
    expect(card('1')).not.toHaveTextContent('moving to');
    // The pointer let go over pin 3 afterwards: still nothing.
    pointer('pointerMove', handle, 610, 250);
    pointer('pointerUp', handle, 610, 250);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(pinCalls(calls)).toEqual([]);
    expect(navigation.reload).not.toHaveBeenCalled();
    expect(dropMarks()).toEqual([]);
  });

  it('cards that are not pinned are no drop targets: a drop there, or away from the pins, cancels', async () => {
    const { calls } = mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    shopperPage(FIVE);
    layOutRow(['1', '2', '3', '4', '5']);
    const { navigation } = renderPreview();
    const handle = await within(card('2')).findByRole('button', { name: 'Drag to reorder Kibble Two' });
    pointer('pointerDown', handle, 300, 150);
    pointer('pointerMove', handle, 600, 250);
    expect(dropMarks()).toEqual(['3:after']);
    // Over the card after the last pin (not pinned), from the last pin: no target.
    pointer('pointerMove', handle, 700, 250);
    expect(dropMarks()).toEqual([]);
    pointer('pointerMove', handle, 950, 250);
    expect(dropMarks()).toEqual([]);
    pointer('pointerUp', handle, 950, 250);
    // Below the cards.
    pointer('pointerDown', handle, 300, 150);
    pointer('pointerMove', handle, 50, 200);
    expect(dropMarks()).toEqual(['1:before']);
    pointer('pointerMove', handle, 50, 700);
    expect(dropMarks()).toEqual([]);
    pointer('pointerUp', handle, 50, 700);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(pinCalls(calls)).toEqual([]);
    expect(navigation.reload).not.toHaveBeenCalled();
  });

  it('from the keyboard, the handle moves the pin with the arrow keys and says when it cannot', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`POST ${MERCH}/UpdateItemPinOrder`]: { success: true, pins: ['2', '1', '3'], redirect: null },
    });
    shopperPage(FIVE);
    const { navigation } = renderPreview();
    const handle = await within(card('1')).findByRole('button', { name: 'Drag to reorder Kibble One' });
    expect(handle).toHaveAttribute('aria-keyshortcuts', 'ArrowUp ArrowDown Home End');
    handle.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('status')).toHaveTextContent('“Kibble One” is already pin 1 of 3.');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent(/To move “Kibble One”, drag it onto another pinned card/);
    expect(pinCalls(calls)).toEqual([]);
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
    expect(pinCalls(calls)[0]!.body).toMatchObject({ itemList: ['2', '1', '3'] });
    expect(takeFlash()).toMatchObject({ message: 'Moved “Kibble One” down. 3 items are pinned.', action: 'drag' });
  });

  it('a card moved down to the last pin gets the focus on its Move up (not its handle)', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    shopperPage(CARDS);
    renderPreview({ flash: { message: 'Moved “Kibble Two” down. 2 items are pinned.', blainNumber: '2', action: 'down' } });
    await waitFor(() => expect(within(card('2')).getByRole('button', { name: 'Move up Kibble Two' })).toHaveFocus());
  });

  it('after the reload, the focus is back on the dragged card’s handle', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    shopperPage(FIVE);
    renderPreview({ flash: { message: 'Moved “Kibble Two” to pin 3 of 3.', blainNumber: '2', action: 'drag' } });
    await waitFor(() =>
      expect(within(card('2')).getByRole('button', { name: 'Drag to reorder Kibble Two' })).toHaveFocus(),
    );
  });
});
