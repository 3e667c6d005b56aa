import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { me, mockStaffApi, refusal, resetStaff, type Call } from '../testing';
import { findWidgets, isOwnMutation, sameWidgets, WIDGET_CLASS, widgetHeading } from './dom';
import { PreviewApp, type Navigation } from './PreviewApp';
import { fetchWidgetRules, RULE_EXPLAIN_URL, toWidgetRules } from './rules';

const SIMILAR = '7edca4d6-da59-40f7-9501-2e69e792497a';
const POPULAR = '694d840b-3307-45bd-abf4-0f1a099edccf';

const SIMILAR_RULE = {
  ModelGuid: '9dbb8a3b-352b-4394-b1c9-1195200584fa',
  RuleString: 'Similar Items: more like this on the search index; never the product itself; at most 12',
  TriggerRuleString: "Context product: the widget's uniqueId, else contextProperties uniqueId or itemId",
};

/** A recommendation widget as the product page renders it (what the preview reads). */
function widgetElement(guid: string, title: string | null): HTMLDivElement {
  const widget = document.createElement('div');
  widget.className = 'recommendations__widget';
  widget.dataset.widgetGuid = guid;
  widget.innerHTML = `<section class="carousel product-carousel">${title === null ? '' : `<h2 class="carousel__title">${title}</h2>`}<ul><li><article class="product-card" data-blain-number="501"><a class="product-card__link" href="/product/501/"><span class="product-card__name">Rope</span></a></article></li></ul></section>`;
  return widget;
}

/** A product page with its recommendation widgets. */
function productPage(widgets: Array<[string, string | null]>) {
  document.body.innerHTML = '';
  const main = document.createElement('main');
  main.innerHTML = '<h1>Cotton Rope</h1><div class="recommendations"></div>';
  document.body.append(main);
  const list = main.querySelector<HTMLElement>('.recommendations')!;
  for (const [guid, title] of widgets) list.append(widgetElement(guid, title));
  return list;
}

function widget(guid: string) {
  return document.querySelector<HTMLElement>(`[data-widget-guid="${guid}"]`)!;
}

function renderPreview() {
  const navigation: Navigation = { reload: vi.fn(), assign: vi.fn() };
  const host = document.createElement('div');
  document.body.prepend(host);
  return render(<PreviewApp navigation={navigation} />, { container: host });
}

function ruleCalls(calls: Call[]) {
  return calls.filter((c) => c.path.startsWith(RULE_EXPLAIN_URL));
}

beforeEach(() => {
  resetStaff();
  window.history.replaceState(null, '', '/product/123/cotton-rope/');
});

describe('the widgets as the preview reads them', () => {
  it('each widget gets one container at its top, and its heading is read', () => {
    productPage([
      [SIMILAR, 'Similar Items'],
      [POPULAR, null],
    ]);
    const first = findWidgets();
    expect(first.map((w) => [w.guid, w.heading])).toEqual([
      [SIMILAR, 'Similar Items'],
      [POPULAR, null],
    ]);
    expect(widget(SIMILAR).firstElementChild).toBe(first[0]!.host);
    expect(first[0]!.host.className).toBe(WIDGET_CLASS);
    // Read again: the same containers, nothing to draw again.
    const again = findWidgets();
    expect(sameWidgets(first, again)).toBe(true);
    expect(widget(SIMILAR).querySelectorAll(`.${WIDGET_CLASS}`)).toHaveLength(1);
  });

  it('a container the page pushed down is put back on top; a blank id is no widget', () => {
    productPage([[SIMILAR, 'Similar Items']]);
    const [first] = findWidgets();
    widget(SIMILAR).prepend(document.createElement('p'));
    const [again] = findWidgets();
    expect(again!.host).toBe(first!.host);
    expect(widget(SIMILAR).firstElementChild).toBe(first!.host);

    const blank = widgetElement(' ', 'Nothing');
    document.body.append(blank);
    expect(findWidgets().map((w) => w.guid)).toEqual([SIMILAR]);
  });

  it('the visible heading: hidden headings and the preview’s own text are left out', () => {
    const element = widgetElement(SIMILAR, 'Customers Also Viewed');
    element.insertAdjacentHTML('afterbegin', `<div class="${WIDGET_CLASS}"><h2>Why these products?</h2></div><h2 hidden>Old title</h2>`);
    expect(widgetHeading(element)).toBe('Customers Also Viewed');
    expect(widgetHeading(widgetElement(SIMILAR, '  '))).toBeNull();
  });

  it('adding the container is a mutation of the preview’s own', () => {
    productPage([[SIMILAR, 'Similar Items']]);
    const host = document.createElement('div');
    host.className = WIDGET_CLASS;
    const own = { type: 'childList', target: widget(SIMILAR), addedNodes: [host], removedNodes: [] } as unknown as MutationRecord;
    expect(isOwnMutation(own, null)).toBe(true);
    const page = { type: 'childList', target: widget(SIMILAR), addedNodes: [document.createElement('p')], removedNodes: [] };
    expect(isOwnMutation(page as unknown as MutationRecord, null)).toBe(false);
  });
});

describe('the rules answer', () => {
  it('reads the spec’s spelling; entries without words are left out', () => {
    expect(toWidgetRules([SIMILAR_RULE, {}, 'x', { RuleString: ' Top sellers ' }])).toEqual([
      { model: SIMILAR_RULE.ModelGuid, rule: SIMILAR_RULE.RuleString, trigger: SIMILAR_RULE.TriggerRuleString },
      { model: '', rule: 'Top sellers', trigger: '' },
    ]);
    expect(() => toWidgetRules({ ModelGuid: 'x' })).toThrow();
  });

  it('asks for the widget by its id', async () => {
    const { calls } = mockStaffApi({ [`GET ${RULE_EXPLAIN_URL}`]: [] });
    await expect(fetchWidgetRules('a b&c')).resolves.toEqual([]);
    expect(calls[0]!.path).toBe(`${RULE_EXPLAIN_URL}?widgetGuid=a%20b%26c`);
  });
});

describe('“Why these products?” on the shoppers’ page', () => {
  it('a merchandiser opens the widget’s rule: model, rule and trigger; Close puts the focus back', async () => {
    const { calls } = mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${RULE_EXPLAIN_URL}`]: [SIMILAR_RULE],
    });
    productPage([[SIMILAR, 'Similar Items']]);
    renderPreview();
    const button = await within(widget(SIMILAR)).findByRole('button', { name: 'Why these products? Similar Items' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    // At the top of the widget, before its heading.
    expect(widget(SIMILAR).firstElementChild).toContainElement(button);

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Why these products: Similar Items' });
    expect(await within(dialog).findByText(SIMILAR_RULE.RuleString)).toBeVisible();
    expect(dialog).toHaveTextContent(`Model (strategy)${SIMILAR_RULE.ModelGuid}`);
    expect(dialog).toHaveTextContent(`Trigger${SIMILAR_RULE.TriggerRuleString}`);
    expect(dialog).toHaveTextContent(`Widget ${SIMILAR}`);
    expect(ruleCalls(calls).map((c) => c.path)).toEqual([`${RULE_EXPLAIN_URL}?widgetGuid=${SIMILAR}`]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('a widget without rules says so; Escape (the dialog’s close) puts the focus back', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser'), [`GET ${RULE_EXPLAIN_URL}`]: [] });
    productPage([[POPULAR, null]]);
    renderPreview();
    const button = await within(widget(POPULAR)).findByRole('button', { name: 'Why these products?' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Why these products?' });
    expect(await within(dialog).findByText('No rule is known for this widget.')).toBeVisible();
    act(() => {
      dialog.dispatchEvent(new Event('close'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('a refusal: the server’s words', async () => {
    mockStaffApi({
      'GET /api/staff/me': me('merchandiser'),
      [`GET ${RULE_EXPLAIN_URL}`]: refusal(403, 'Forbidden', 'Your staff role does not allow this.'),
    });
    productPage([[SIMILAR, 'Similar Items']]);
    renderPreview();
    await userEvent.click(await within(widget(SIMILAR)).findByRole('button', { name: /^Why these products\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Why these products: Similar Items' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your staff role does not allow this.');
  });

  it('follows the page: a widget drawn later gets its button', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('merchandiser') });
    const list = productPage([]);
    renderPreview();
    await screen.findByText(/\(merchandiser\)/);
    list.append(widgetElement(POPULAR, 'Popular in Rope'));
    expect(await within(widget(POPULAR)).findByRole('button', { name: 'Why these products? Popular in Rope' })).toBeVisible();
  });

  it('without the merchandiser role: no button', async () => {
    mockStaffApi({ 'GET /api/staff/me': me('analyst') });
    productPage([[SIMILAR, 'Similar Items']]);
    renderPreview();
    expect(await screen.findByText(/without the merchandiser role/)).toBeVisible();
    await waitFor(() => expect(widget(SIMILAR).querySelector(`.${WIDGET_CLASS}`)).not.toBeNull());
    expect(within(widget(SIMILAR)).queryByRole('button', { name: /Why these products/ })).toBeNull();
  });
});
