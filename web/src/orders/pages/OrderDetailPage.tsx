import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  ACCOUNT_HOME_PATH,
  ACCOUNT_HOME_TITLE,
  AccountBreadcrumb,
  AccountPageHead,
  QueryState,
  SignInRequired,
  useAccountQuery,
} from '../../account/pages/common';
import { fetchOrder } from '../../shared/api/orders';
import {
  ORDER_HISTORY_TITLE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_PATHS,
  ORDERS_SIGN_IN_MESSAGE,
  orderTitle,
} from '../common';
import { OrderView } from '../components/OrderView';
import '../orders.css';

/**
 * /account/orders/{orderNo}/: one of the signed-in customer's orders. An order that is not
 * theirs (or none of that number) is not found; a guest gets the sign-in panel.
 */
export function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const { key } = useLocation();
  return <OrderDetail key={`${key}:${orderNo}`} orderNo={orderNo.trim()} />;
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const fetcher = useCallback(
    (signal: AbortSignal) => (/^\d+$/.test(orderNo) ? fetchOrder(orderNo, signal) : Promise.resolve(null)),
    [orderNo],
  );
  const [query, reload] = useAccountQuery(fetcher);
  const title = orderNo ? orderTitle(orderNo) : ORDER_HISTORY_TITLE;

  let body;
  if (query.status === 'guest') {
    body = <SignInRequired message={ORDERS_SIGN_IN_MESSAGE} />;
  } else if (query.status !== 'ready') {
    body = <QueryState query={query} what="your order" onRetry={reload} />;
  } else if (query.data === null) {
    body = (
      <div className="account-message account-message--error" role="alert">
        <p>{ORDER_NOT_FOUND_MESSAGE}</p>
      </div>
    );
  } else {
    body = <OrderView order={query.data} headingLevel={1} hideTitle />;
  }

  return (
    <article className="account-page order-page">
      <AccountPageHead title={title} />
      <AccountBreadcrumb
        trail={[
          { label: ACCOUNT_HOME_TITLE, href: ACCOUNT_HOME_PATH },
          { label: ORDER_HISTORY_TITLE, href: ORDER_PATHS.history },
        ]}
        current={title}
      />
      <h1 className="account-page__title">{title}</h1>
      {body}
      <p className="order-page__back">
        <Link to={ORDER_PATHS.history}>Back to Order History</Link>
      </p>
    </article>
  );
}
