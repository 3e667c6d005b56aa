import { useEffect, useRef, useState } from 'react';
import { fetchPickupQueue, markPickedUp, markReady, type PickupQueueEntry } from '../api/pickup';
import { isSignedOut, staffErrorMessage } from '../api/staff';
import { StaffPageTitle } from '../components/StaffLayout';
import {
  readStaffStore,
  storeLabel,
  StorePicker,
  useStoreList,
  writeStaffStore,
} from '../components/StorePicker';
import { formatDateTime, orderStatusLabel } from '../format';
import { useStaffSession } from '../session';
import { Outcome } from '../components/Outcome';
import { TableWrap } from '../components/TableWrap';

interface Loaded {
  store: number;
  attempt: number;
  status: 'ready' | 'error';
  orders: PickupQueueEntry[];
  error: string | null;
}

type Action = 'ready' | 'pickedUp';

/** The one thing an associate does next with an order, if any. */
function nextAction(order: PickupQueueEntry): Action | null {
  if (order.status === 'Placed') return 'ready';
  if (order.status === 'ReadyForPickup') return 'pickedUp';
  return null;
}

const ACTION_LABELS: Record<Action, string> = { ready: 'Mark ready', pickedUp: 'Mark picked up' };

function doneMessage(action: Action, orderNo: string): string {
  return action === 'ready' ? `Order ${orderNo} is ready for pickup.` : `Order ${orderNo} was picked up.`;
}

/**
 * /staff/orders/pickup/ (associates): a store's pickup queue, oldest first. The store is
 * chosen from every store (remembered in this browser); each order has its next step, Mark
 * ready (placed) or Mark picked up (ready). What happened is said politely; a refusal (409,
 * 404) in an alert with the server's words.
 */
export function PickupQueuePage() {
  const stores = useStoreList();
  const [store, setStore] = useState<number | null>(readStaffStore);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refocus, setRefocus] = useState(0);
  const refresh = useRef<HTMLButtonElement>(null);
  const signedOut = useStaffSession((s) => s.signedOut);

  useEffect(() => {
    if (store === null) return;
    const controller = new AbortController();
    fetchPickupQueue(store, controller.signal).then(
      (orders) => {
        if (!controller.signal.aborted) setLoaded({ store, attempt, status: 'ready', orders, error: null });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        if (isSignedOut(failure)) signedOut();
        setLoaded((previous) => ({
          store,
          attempt,
          status: 'error',
          orders: previous?.store === store ? previous.orders : [],
          error: staffErrorMessage(failure),
        }));
      },
    );
    return () => controller.abort();
  }, [store, attempt, signedOut]);

  // An order picked up leaves no button in its row: the focus goes to Refresh.
  useEffect(() => {
    if (refocus > 0) refresh.current?.focus();
  }, [refocus]);

  function chooseStore(next: number | null) {
    writeStaffStore(next);
    setStore(next);
    setMessage('');
    setError(null);
  }

  async function act(order: PickupQueueEntry, action: Action) {
    if (busy !== null) return;
    setBusy(order.orderNo);
    setMessage('');
    setError(null);
    try {
      const changed = action === 'ready' ? await markReady(order.orderNo) : await markPickedUp(order.orderNo);
      setLoaded((previous) =>
        previous && {
          ...previous,
          orders: previous.orders.map((o) => (o.orderNo === order.orderNo ? { ...o, status: changed.status } : o)),
        },
      );
      setMessage(doneMessage(action, order.orderNo));
      if (nextAction({ ...order, status: changed.status }) === null) setRefocus((n) => n + 1);
    } catch (failure) {
      if (isSignedOut(failure)) signedOut();
      else setError(staffErrorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  const shown = store !== null && loaded !== null && loaded.store === store ? loaded : null;
  const current = shown !== null && shown.attempt === attempt;
  const loading = store !== null && !current;
  const label = store === null ? '' : storeLabel(stores, store);

  return (
    <div className="pickup-queue">
      <StaffPageTitle title="Pickup queue" />
      <div className="staff-toolbar">
        <StorePicker stores={stores} value={store} onChange={chooseStore} />
        <button
          ref={refresh}
          type="button"
          className="button button--secondary"
          disabled={store === null}
          onClick={() => {
            setMessage('');
            setError(null);
            setAttempt((n) => n + 1);
          }}
        >
          Refresh
        </button>
      </div>

      <Outcome message={message} error={error} />

      {store === null && <p>Choose your store to see its pickup queue.</p>}
      {loading && !shown && (
        <p role="status" className="page-loading">
          Loading the queue…
        </p>
      )}
      {current && shown.status === 'error' && (
        <div role="alert" className="staff-error">
          <p>{shown.error}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {shown && shown.orders.length === 0 && shown.status === 'ready' && (
        <p>No orders are waiting for pickup at {label}.</p>
      )}
      {shown && shown.orders.length > 0 && (
        <TableWrap label="Orders for pickup, scrollable" busy={loading}>
          <table className="staff-table pickup-queue__table">
            <caption className="staff-table__caption">Orders for pickup at {label}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Order number</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col" className="staff-table__number">
                  Items
                </th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.orders.map((order) => {
                const action = nextAction(order);
                return (
                  <tr key={order.orderNo} data-order-no={order.orderNo}>
                    <th scope="row">{order.orderNo}</th>
                    <td>{formatDateTime(order.placedAt)}</td>
                    <td>
                      <span className={`staff-badge staff-badge--${order.status}`}>{orderStatusLabel(order.status)}</span>
                    </td>
                    <td className="staff-table__number">{order.itemCount}</td>
                    <td className="staff-table__action">
                      {action && (
                        <button
                          type="button"
                          className="button"
                          aria-disabled={busy !== null || undefined}
                          onClick={() => void act(order, action)}
                        >
                          {busy === order.orderNo ? 'Saving…' : ACTION_LABELS[action]}{' '}
                          <span className="visually-hidden">order {order.orderNo}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </div>
  );
}
