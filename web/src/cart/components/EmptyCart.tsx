import { forwardRef } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../session';

/** How many departments the empty cart offers. */
const MAX_DEPARTMENTS = 8;

/** 'Your cart is empty' with ways to shop; the heading takes focus after the last remove. */
export const EmptyCart = forwardRef<HTMLHeadingElement>(function EmptyCart(_props, headingRef) {
  const departments = useSession((s) => s.deptMenu);
  return (
    <section className="cart-empty" aria-labelledby="cart-empty-heading">
      <h2 id="cart-empty-heading" ref={headingRef} tabIndex={-1}>
        Your cart is empty
      </h2>
      <p>Find what you need for the farm, home and road.</p>
      <p>
        <Link to="/" className="button">
          Start shopping
        </Link>
      </p>
      <nav aria-label="Shop">
        <ul className="cart-empty__links">
          {departments.slice(0, MAX_DEPARTMENTS).map((d) => (
            <li key={d.id}>
              <Link to={d.url}>{d.name}</Link>
            </li>
          ))}
          <li>
            <Link to="/tires/">Tires</Link>
          </li>
          <li>
            <Link to="/coupons/">Coupons</Link>
          </li>
          <li>
            <Link to="/store-finder/">Find a store</Link>
          </li>
        </ul>
      </nav>
    </section>
  );
});
