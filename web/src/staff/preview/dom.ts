/**
 * The shoppers' page as the preview script reads it, from outside: its result cards and its
 * heading. Shopper code is not changed for the preview; the script relies on what the listing
 * renders for every shopper:
 *
 * - a result card is `li.product-card[data-blain-number]` (the product number), with
 *   `data-pinned` when a merchandiser's pin holds it at its place, and its name in
 *   `.product-card__name`;
 * - the page's heading is its `h1`.
 *
 * Each card gets one container of the script's own (`div.staff-preview-card`), appended to its
 * `article` (below the card's content, inside its border), where the merchandiser's controls
 * are rendered.
 */

export const CARD_SELECTOR = 'li.product-card[data-blain-number]';
export const CONTROLS_CLASS = 'staff-preview-card';

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

/** The page's heading (its first `h1`), or null. */
export function pageHeading(root: ParentNode = document): string | null {
  const text = root.querySelector('main h1, h1')?.textContent?.trim();
  return text ? text : null;
}

/** Whether a mutation is of the script's own elements only (nothing of the page changed). */
export function isOwnMutation(record: MutationRecord, ownRoot: Node | null): boolean {
  const target = record.target;
  const element = target instanceof Element ? target : target.parentElement;
  if (!element) return false;
  return element.closest(`.${CONTROLS_CLASS}`) !== null || (ownRoot !== null && ownRoot.contains(element));
}
