/**
 * The shoppers' page as the preview script reads it, from outside: its result cards and its
 * heading. Shopper code is not changed for the preview; the script relies on what the listing
 * renders for every shopper:
 *
 * - a result card is `li.product-card[data-blain-number]` (the product number), with
 *   `data-pinned` when a merchandiser's pin holds it at its place, and its name in
 *   `.product-card__name`;
 * - the page's heading is its `h1`;
 * - a recommendation widget (the product page's, the home page's "Recommended for you") is an
 *   element with `data-widget-guid` (the widget's id), its title a heading inside it.
 *
 * Each card gets one container of the script's own (`div.staff-preview-card`), appended to its
 * `article` (below the card's content, inside its border), where the merchandiser's controls
 * are rendered; each widget gets one (`div.staff-preview-widget`) at its top, for its
 * "Why these products?" button.
 */

export const CARD_SELECTOR = 'li.product-card[data-blain-number]';
export const CONTROLS_CLASS = 'staff-preview-card';
export const WIDGET_SELECTOR = '[data-widget-guid]';
export const WIDGET_CLASS = 'staff-preview-widget';

export interface PreviewCard {
  blainNumber: string;
  pinned: boolean;
  name: string;
  /** The script's container in the card. */
  host: HTMLElement;
}

/**
 * The page's result cards, in page order, each with its container (made, or made again when
 * the card was drawn anew without it).
 */
export function findCards(root: ParentNode = document): PreviewCard[] {
  const cards: PreviewCard[] = [];
  for (const li of root.querySelectorAll<HTMLElement>(CARD_SELECTOR)) {
    const blainNumber = li.dataset.blainNumber?.trim();
    if (!blainNumber) continue;
    const target = li.querySelector<HTMLElement>(':scope > article') ?? li;
    let host = target.querySelector<HTMLElement>(`:scope > .${CONTROLS_CLASS}`);
    if (!host) {
      host = document.createElement('div');
      host.className = CONTROLS_CLASS;
      target.append(host);
    }
    const name = li.querySelector('.product-card__name')?.textContent?.trim() || `#${blainNumber}`;
    cards.push({ blainNumber, pinned: li.dataset.pinned !== undefined && li.dataset.pinned !== 'false', name, host });
  }
  return cards;
}

/** Whether two readings of the cards are the same (nothing to draw again). */
export function sameCards(a: readonly PreviewCard[], b: readonly PreviewCard[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (card, i) =>
        card.blainNumber === b[i]!.blainNumber &&
        card.pinned === b[i]!.pinned &&
        card.name === b[i]!.name &&
        card.host === b[i]!.host,
    )
  );
}

/** The pinned cards' product numbers, in page order. */
export function shownPins(cards: readonly PreviewCard[]): string[] {
  return cards.filter((c) => c.pinned).map((c) => c.blainNumber);
}

/** The card's own element (`li.product-card`), which its container is in; null once it is gone. */
export function cardElement(card: PreviewCard): HTMLElement | null {
  return card.host.closest<HTMLElement>(CARD_SELECTOR);
}

/** The page's heading (its first `h1`), or null. */
export function pageHeading(root: ParentNode = document): string | null {
  const text = root.querySelector('main h1, h1')?.textContent?.trim();
  return text ? text : null;
}

export interface PreviewWidget {
  /** The widget's id (`data-widget-guid`). */
  guid: string;
  /** The widget's visible heading, or null. */
  heading: string | null;
  /** The script's container at the top of the widget. */
  host: HTMLElement;
}

/** Whether an element is left out of what the page shows (`hidden`, or hidden from assistive technology). */
function hiddenElement(element: Element): boolean {
  return element.closest('[hidden], [aria-hidden="true"]') !== null;
}

/** A widget's visible heading (its first heading with text that is not hidden), or null. */
export function widgetHeading(widget: Element): string | null {
  for (const heading of widget.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
    if (heading.closest(`.${WIDGET_CLASS}`) || hiddenElement(heading)) continue;
    const text = heading.textContent?.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return null;
}

/**
 * The page's recommendation widgets, in page order, each with its container at its top (made,
 * or made again when the widget was drawn anew without it). A widget inside another (none
 * today) is read as its own.
 */
export function findWidgets(root: ParentNode = document): PreviewWidget[] {
  const widgets: PreviewWidget[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) {
    const guid = element.dataset.widgetGuid?.trim();
    if (!guid || element.closest(`.${WIDGET_CLASS}`)) continue;
    let host = element.querySelector<HTMLElement>(`:scope > .${WIDGET_CLASS}`);
    if (!host) {
      host = document.createElement('div');
      host.className = WIDGET_CLASS;
      element.prepend(host);
    } else if (host !== element.firstElementChild) {
      // Kept at the top when the page drew something before it.
      element.prepend(host);
    }
    widgets.push({ guid, heading: widgetHeading(element), host });
  }
  return widgets;
}

/** Whether two readings of the widgets are the same (nothing to draw again). */
export function sameWidgets(a: readonly PreviewWidget[], b: readonly PreviewWidget[]): boolean {
  return (
    a.length === b.length &&
    a.every((widget, i) => widget.guid === b[i]!.guid && widget.heading === b[i]!.heading && widget.host === b[i]!.host)
  );
}

/** Whether a mutation is of the script's own elements only (nothing of the page changed). */
export function isOwnMutation(record: MutationRecord, ownRoot: Node | null): boolean {
  const target = record.target;
  const element = target instanceof Element ? target : target.parentElement;
  if (!element) return false;
  if (element.closest(`.${CONTROLS_CLASS}, .${WIDGET_CLASS}`) !== null) return true;
  if (ownRoot !== null && ownRoot.contains(element)) return true;
  // The script's container added to (or moved in) a widget: nothing of the page's own.
  return (
    record.type === 'childList' &&
    record.removedNodes.length === 0 &&
    record.addedNodes.length > 0 &&
    Array.from(record.addedNodes).every((node) => node instanceof Element && node.classList.contains(WIDGET_CLASS))
  );
}
