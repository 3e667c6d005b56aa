import { Link } from 'react-router';
import { CHECKOUT_PATH } from '../../shared/api/checkout';
import './lineProblem.css';

/**
 * The cart's way to the checkout: a link to /checkout/, with a note above it when some lines
 * aren't available the way they were chosen.
 */
export function CheckoutLink({ unavailable }: { unavailable: boolean }) {
  return (
    <div className="checkout-link">
      {unavailable && (
        <p className="checkout-link__warning" data-testid="cart-unavailable-note">
          Some items aren't available the way you chose. Switch them or remove them before you check out.
        </p>
      )}
      <Link to={CHECKOUT_PATH} className="button checkout-link__button">
        Checkout
      </Link>
    </div>
  );
}
