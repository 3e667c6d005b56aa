import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

function Harness({ closeOnEnter, onClosed }: { closeOnEnter?: boolean; onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
        title="Thank you!"
        closeLabel="OK"
        closeOnEnter={closeOnEnter}
      >
        <form onSubmit={(e) => e.preventDefault()}>
          <label>
            Note <input type="text" />
          </label>
        </form>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Thank you!' });
    expect(dialog).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('Enter closes it when set, and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness closeOnEnter />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('Enter does not close it when not set', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Thank you!' })).toBeInTheDocument();
  });

  it('with Enter set, Enter in a form field or on a button does only that, once', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Harness closeOnEnter onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'hello{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Enter on the OK button activates it: one close, not two.
    screen.getByRole('button', { name: 'OK' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
