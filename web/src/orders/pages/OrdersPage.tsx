import { Link, useLocation } from 'react-router';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountPageHead,
  DateText,
  QueryState,
  SignInRequired,
  useAccountQuery,
} from '../../account/pages/common';
import { fetchOrders, type OrderSummary } from '../../shared/api/orders';
import { formatCents } from '../../shared/money';
import {
  NO_ORDERS_MESSAGE,
  ORDER_HISTORY_TITLE,
  ORDER_PATHS,
  orderPagePath,
  ORDERS_SIGN_IN_MESSAGE,
  statusTone,
} from '../common';
import '../orders.css';

/**
 * /account/orders/: the signed-in customer's online orders, newest first, each linking to its
 * page. A guest gets the sign-in panel (it comes back here).
 */
export function OrdersPage() {
  // A navigation to this page again (after a sign-in from the panel) loads anew.
  const { key } = useLocation();
  return (
    <article className="account-page orders-page">
      <AccountPageHead title={ORDER_HISTORY_TITLE} />
      <AccountBreadcrumb trail={[{ label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH }]} current={ORDER_HISTORY_TITLE} />
      <h1 className="account-page__title">{ORDER_HISTORY_TITLE}</h1>
      <Orders key={key} />
    </article>
  );
}

function Orders() {
  const [query, reload] = useAccountQuery(fetchOrders);
  if (query.status === 'guest') return <SignInRequired message={ORDERS_SIGN_IN_MESSAGE} />;
  if (query.status !== 'ready') return <QueryState query={query} what="your orders" onRetry={reload} />;
  if (query.data.length === 0) {
    return (
      <div className="account-notice">
        <p className="account-notice__lead">{NO_ORDERS_MESSAGE}</p>
        <Link to="/" className="button">
          Start shopping
        </Link>
      </div>
    );
  }
  return (
    <>
      <OrdersTable orders={query.data} />
      <p className="orders-more account-muted">
        Placed an order without signing in? <Link to={ORDER_PATHS.track}>Track it with its order number</Link>.
      </p>
    </>
  );
}

function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <div className="account-table-wrap">
      <table className="account-table orders-table">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order number</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col" className="account-table__number">
              Items
            </th>
            <th scope="col" className="account-table__number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNo} data-order-no={order.orderNo}>
              <td>
                <Link to={orderPagePath(order.orderNo)}>
                  <span className="visually-hidden">Order</span> {order.orderNo}
                </Link>
              </td>
              <td>
                <DateText iso={order.placedAt} />
              </td>
              <td>
                <span className={`order-status order-status--${statusTone(order.status)}`}>{order.statusLabel}</span>
              </td>
              <td className="account-table__number">{order.itemCount}</td>
              <td className="account-table__number">{formatCents(order.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
