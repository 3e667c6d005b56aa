import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TableWrap } from './TableWrap';

function table() {
  return (
    <table>
      <caption>Orders</caption>
      <tbody>
        <tr>
          <td>S001</td>
        </tr>
      </tbody>
    </table>
  );
}

describe('the box around a wide table', () => {
  it('is a labelled region that the keyboard reaches, holding the table', async () => {
    render(
      <>
        <button type="button">Before</button>
        <TableWrap label="Orders, scrollable">{table()}</TableWrap>
      </>,
    );
    const region = screen.getByRole('region', { name: 'Orders, scrollable' });
    expect(region).toHaveClass('staff-table-wrap');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Orders' }));
    expect(region).not.toHaveAttribute('aria-busy');
    await userEvent.tab();
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('says it is busy while its rows are read again', () => {
    const { rerender } = render(
      <TableWrap label="Orders, scrollable" busy>
        {table()}
      </TableWrap>,
    );
    const region = screen.getByRole('region', { name: 'Orders, scrollable' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    rerender(
      <TableWrap label="Orders, scrollable" busy={false}>
        {table()}
      </TableWrap>,
    );
    expect(region).not.toHaveAttribute('aria-busy');
  });
});
