import type { KeyboardEvent, MouseEvent } from 'react';
import type { PreviewCard } from './dom';
import type { PinDrag, PinDragHandle } from './drag';

export type CardAction = 'pin' | 'unpin' | 'up' | 'down' | 'explain';

/** A card's control the focus can return to after a change (`data-preview-action`): a button, or the drag handle. */
export type CardControl = CardAction | 'drag';

/**
 * What the drag handle asks for from the keyboard: the arrow keys move the pin one place up or
 * down (as Move up / Move down), Home and End to the first or last pin; `help` (the handle
 * pressed with Enter or Space, which does not drag) says how to move it.
 */
export type HandleCommand = 'up' | 'down' | 'first' | 'last' | 'help';

const HANDLE_KEYS: Record<string, HandleCommand> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

/**
 * A result card's merchandiser controls (rendered into the card by the preview): Pin to top,
 * or for a pinned card a drag handle, Unpin and Move up / Move down among the pins the page
 * shows; Explain. Each button's name holds the product's (visually hidden), so a list of
 * buttons reads well. While a change runs the buttons say so (`aria-disabled`, keeping the
 * focus where it is).
 *
 * The handle ("Drag to reorder") moves the pinned card by dragging it onto another pinned card
 * (drag.ts); focused, it answers the arrow keys, Home and End too. While this card is dragged,
 * its place says the one it would take.
 */
export function CardControls({
  card,
  shown,
  canPin,
  busy,
  drag,
  dragHandle,
  onAction,
  onHandle,
}: {
  card: PreviewCard;
  /** The pinned cards the page shows, in order. */
  shown: readonly string[];
  /** Whether this page has a board to pin on (and the member of staff may). */
  canPin: boolean;
  busy: boolean;
  /** The drag running on the page, if any. */
  drag: PinDrag | null;
  dragHandle: PinDragHandle;
  onAction: (card: PreviewCard, action: CardAction) => void;
  onHandle: (card: PreviewCard, command: HandleCommand) => void;
}) {
  const at = shown.indexOf(card.blainNumber);
  const name = <span className="staff-preview-sr">{card.name}</span>;
  const dragged = drag?.item === card.blainNumber;
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

  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const command = HANDLE_KEYS[event.key];
    if (!command || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (!busy) onHandle(card, command);
  }

  function onHandleClick(event: MouseEvent<HTMLButtonElement>) {
    // A click of the pointer ends a press (or a drag); one from the keyboard has no count.
    if (event.detail === 0 && !busy) onHandle(card, 'help');
  }

  const handle = (
    <button
      type="button"
      className={dragged ? 'staff-preview-button staff-preview-handle staff-preview-handle--dragging' : 'staff-preview-button staff-preview-handle'}
      data-preview-action="drag"
      aria-disabled={busy || undefined}
      aria-keyshortcuts="ArrowUp ArrowDown Home End"
      onPointerDown={(event) => {
        if (!busy) dragHandle.down(card, event);
      }}
      onPointerMove={dragHandle.move}
      onPointerUp={dragHandle.up}
      onPointerCancel={dragHandle.cancel}
      onLostPointerCapture={dragHandle.cancel}
      onKeyDown={onHandleKeyDown}
      onClick={onHandleClick}
    >
      <span className="staff-preview-handle__grip" aria-hidden="true">
        ⠿
      </span>{' '}
      Drag to reorder {name}
    </button>
  );

  return (
    <div className="staff-preview-controls" role="group" aria-label={`Merchandising: ${card.name}`}>
      {canPin && card.pinned && at >= 0 && (
        <span className="staff-preview-controls__place">
          Pin {at + 1} of {shown.length}
          {dragged && drag.place !== null && ` · moving to pin ${drag.place + 1}`}
        </span>
      )}
      {canPin &&
        (card.pinned ? (
          <>
            {at >= 0 && shown.length > 1 && handle}
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
