import type { PreviewCard } from './dom';

export type CardAction = 'pin' | 'unpin' | 'up' | 'down' | 'explain';

/**
 * A result card's merchandiser controls (rendered into the card by the preview): Pin to top,
 * or for a pinned card Unpin and Move up / Move down among the pins the page shows; Explain.
 * Each button's name holds the product's (visually hidden), so a list of buttons reads well.
 * While a change runs the buttons say so (`aria-disabled`, keeping the focus where it is).
 */
export function CardControls({
  card,
  shown,
  canPin,
  busy,
  onAction,
}: {
  card: PreviewCard;
  /** The pinned cards the page shows, in order. */
  shown: readonly string[];
  /** Whether this page has a board to pin on (and the member of staff may). */
  canPin: boolean;
  busy: boolean;
  onAction: (card: PreviewCard, action: CardAction) => void;
}) {
  const at = shown.indexOf(card.blainNumber);
  const name = <span className="staff-preview-sr">{card.name}</span>;
  const button = (action: CardAction, label: string, changes = true) => (
    <button
      type="button"
      className="staff-preview-button"
      data-preview-action={action}
      aria-disabled={(changes && busy) || undefined}
      onClick={() => {
        if (!(changes && busy)) onAction(card, action);
      }}
    >
      {label}{' '}
      {name}
    </button>
  );
  return (
    <div className="staff-preview-controls" role="group" aria-label={`Merchandising: ${card.name}`}>
      {canPin && card.pinned && at >= 0 && (
        <span className="staff-preview-controls__place">
          Pin {at + 1} of {shown.length}
        </span>
      )}
      {canPin &&
        (card.pinned ? (
          <>
            {at > 0 && button('up', 'Move up')}
            {at >= 0 && at < shown.length - 1 && button('down', 'Move down')}
            {button('unpin', 'Unpin')}
          </>
        ) : (
          button('pin', 'Pin to top')
        ))}
      {button('explain', 'Explain', false)}
    </div>
  );
}
