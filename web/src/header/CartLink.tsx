import { Link } from 'react-router';
import { useAriaCurrent } from '../app/currentPage';
import { useSession } from '../session';

export const CART_PATH = '/cart/';

/** 'Cart, 3 items' – the link's accessible name. */
export function cartLabel(qty: number): string {
  return `Cart, ${qty} ${qty === 1 ? 'item' : 'items'}`;
}

/** Badge text: the count, capped at 99+. */
export function badgeText(qty: number): string {
  return qty > 99 ? '99+' : String(qty);
}

/** Cart link with the item-count badge. */
export function CartLink() {
  const qty = useSession((s) => s.cartQty);
  const current = useAriaCurrent();
  return (
    <Link
      to={CART_PATH}
      className="header-action cart-link"
      aria-label={cartLabel(qty)}
      aria-current={current(CART_PATH)}
    >
      <span className="cart-link__icon-wrap">
        <svg className="header-action__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1 2v2h2l3.6 7.6-1.4 2.4A2 2 0 0 0 7 17h12v-2H7.4l1.1-2h7.5a2 2 0 0 0 1.7-1l3.6-6.5A1 1 0 0 0 20.4 4H5.2l-.9-2H1Zm5.2 4h12.5l-2.8 5H8.5L6.2 6Z"
          />
        </svg>
        {qty > 0 && (
          <span className="cart-link__badge" aria-hidden="true" data-testid="cart-badge">
            {badgeText(qty)}
          </span>
        )}
      </span>
      <span className="header-action__text" aria-hidden="true">
        <span className="header-action__label">Cart</span>
      </span>
    </Link>
  );
}
