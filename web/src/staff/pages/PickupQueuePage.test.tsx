import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STAFF_STORE_KEY } from '../components/StorePicker';
import { formatDateTime } from '../format';
import { me, mockStaffApi, refusal, renderStaff, resetStaff, SIGNED_OUT, TEST_TOKEN, type Call } from '../testing';

const STORES = [
  { storeNum: 12, title: 'Janesville, WI', comingSoon: false },
  { storeNum: 34, title: 'Madison East, WI', comingSoon: false },
];

function entry(orderNo: string, status: string, overrides: Record<string, unknown> = {}) {
  return { orderNo, placedAt: '2026-11-28T06:00:00Z', status, itemCount: 2, ...overrides };
}

const QUEUE = {
  orders: [entry('100000123', 'Placed'), entry('100000124', 'ReadyForPickup', { placedAt: '2026-11-28T07:30:00Z', itemCount: 1 })],
};

beforeEach(() => {
  resetStaff();
});

function changed(call: Call, status: string) {
  return { success: true, orderNo: (call.body as { orderNo: string }).orderNo, status };
}

function api(extra: Record<string, unknown> = {}) {
  return mockStaffApi({
    'GET /api/staff/me': me('associate'),
    'GET /api/stores': STORES,
    'GET /api/staff/orders/pickup-queue': QUEUE,
    'POST /api/staff/orders/ready': (call: Call) => changed(call, 'ReadyForPickup'),
    'POST /api/staff/orders/picked-up': (call: Call) => changed(call, 'PickedUp'),
    ...extra,
  });
}

function row(orderNo: string) {
  return screen.getByRole('rowheader', { name: orderNo }).closest('tr')!;
}

function cells(orderNo: string) {
  return within(row(orderNo))
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('the pickup queue', () => {
  it('the store remembered: its queue, oldest first, each order with its next step', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    const { calls } = api();
    renderStaff('/staff/orders/pickup/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pickup queue' })).toBeVisible();
    expect(document.title).toBe('Pickup queue | Storefront staff');
    const table = await screen.findByRole('table', { name: 'Orders for pickup at Janesville, WI (store 12), oldest first' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Order number',
      'Placed',
      'Status',
      'Items',
      'Action',
    ]);
    expect(cells('100000123')).toEqual([formatDateTime('2026-11-28T06:00:00Z'), 'Placed', '2', 'Mark ready order 100000123']);
    expect(cells('100000124')).toEqual([
      formatDateTime('2026-11-28T07:30:00Z'),
      'Ready for pickup',
      '1',
      'Mark picked up order 100000124',
    ]);
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('12');
    expect(calls.filter((c) => c.path.startsWith('/api/staff/orders')).map((c) => c.path)).toEqual([
      '/api/staff/orders/pickup-queue?store=12',
    ]);
  });

  it('marks an order ready, then picked up: the row changes and a polite message says so', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    const { calls } = api();
    renderStaff('/staff/orders/pickup/');
    await screen.findByRole('table');

    await userEvent.click(screen.getByRole('button', { name: 'Mark ready order 100000123' }));
    expect(await screen.findByText('Order 100000123 is ready for pickup.')).toHaveAttribute('role', 'status');
    expect(cells('100000123').slice(1, 2)).toEqual(['Ready for pickup']);
    const next = screen.getByRole('button', { name: 'Mark picked up order 100000123' });
    // The same button, with the next step: the focus stays on it.
    expect(next).toHaveFocus();
    const ready = calls.find((c) => c.path === '/api/staff/orders/ready')!;
    expect(ready).toMatchObject({ method: 'POST', body: { orderNo: '100000123' }, token: TEST_TOKEN });

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Order 100000123 was picked up.')).toBeVisible();
    expect(cells('100000123').slice(1, 2)).toEqual(['Picked up']);
    expect(within(row('100000123')).queryByRole('button')).not.toBeInTheDocument();
    // No step left in the row: the focus goes to Refresh.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toHaveFocus());
    expect(calls.find((c) => c.path === '/api/staff/orders/picked-up')!.body).toEqual({ orderNo: '100000123' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a store chosen shows its queue and is remembered; Refresh reads it again', async () => {
    const { calls } = api();
    renderStaff('/staff/orders/pickup/');
    expect(await screen.findByText('Choose your store to see its pickup queue.')).toBeVisible();
    const select = screen.getByRole('combobox', { name: 'Store' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();

    await userEvent.selectOptions(select, '34');
    expect(await screen.findByRole('table', { name: 'Orders for pickup at Madison East, WI (store 34), oldest first' })).toBeVisible();
    expect(localStorage.getItem(STAFF_STORE_KEY)).toBe('34');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/staff/orders')).map((c) => c.path)).toEqual([
        '/api/staff/orders/pickup-queue?store=34',
        '/api/staff/orders/pickup-queue?store=34',
      ]),
    );
  });

  it('an empty queue says so', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    api({ 'GET /api/staff/orders/pickup-queue': { orders: [] } });
    renderStaff('/staff/orders/pickup/');
    expect(await screen.findByText('No orders are waiting for pickup at Janesville, WI (store 12).')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a refusal shows the server’s words in an alert; the row stays as it was', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    api({
      'POST /api/staff/orders/ready': () =>
        refusal(409, 'NotNow', 'This order can be marked ready only while it is placed.'),
      'POST /api/staff/orders/picked-up': () => refusal(404, 'NotFound', 'No such order.'),
    });
    renderStaff('/staff/orders/pickup/');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Mark ready order 100000123' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order can be marked ready only while it is placed.');
    expect(cells('100000123').slice(1, 2)).toEqual(['Placed']);
    expect(screen.getByRole('status', { name: '' })).toBeEmptyDOMElement();

    await userEvent.click(screen.getByRole('button', { name: 'Mark picked up order 100000124' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such order.');
  });

  it('a session that ended on an action shows the sign-in page', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    api({ 'POST /api/staff/orders/ready': SIGNED_OUT });
    renderStaff('/staff/orders/pickup/');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Mark ready order 100000123' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/login/?refUrl=%2Fstaff%2Forders%2Fpickup%2F',
    );
  });

  it('without the list of stores, a store number is typed in', async () => {
    const { calls } = api({ 'GET /api/stores': new Response('oops', { status: 503 }) });
    renderStaff('/staff/orders/pickup/');
    const field = await screen.findByRole('textbox', { name: 'Store number' });
    await userEvent.click(screen.getByRole('button', { name: 'Show queue' }));
    expect(screen.getByText('Please enter a store number.')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '5x6');
    expect(field).toHaveValue('56');
    await userEvent.click(screen.getByRole('button', { name: 'Show queue' }));
    expect(await screen.findByRole('table', { name: 'Orders for pickup at Store 56, oldest first' })).toBeVisible();
    expect(localStorage.getItem(STAFF_STORE_KEY)).toBe('56');
    expect(calls.some((c) => c.path === '/api/staff/orders/pickup-queue?store=56')).toBe(true);
  });

  it('a queue that cannot be read says so and tries again', async () => {
    localStorage.setItem(STAFF_STORE_KEY, '12');
    let answer: () => unknown = () => new Response('oops', { status: 500 });
    api({ 'GET /api/staff/orders/pickup-queue': () => answer() });
    renderStaff('/staff/orders/pickup/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    answer = () => QUEUE;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeVisible();
  });
});
