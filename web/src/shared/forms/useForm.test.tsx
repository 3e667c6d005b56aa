import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CharacterCounter, FieldError, FieldLabel } from './components';
import { useField, useForm } from './useForm';
import { compose, required, validateCheckbox, validateEmail, validatePhone } from './validators';

function DemoForm({ onValid }: { onValid: () => void }) {
  const form = useForm();
  const email = useField(form, { initialValue: '', validate: compose(required(), validateEmail) });
  const phone = useField(form, { initialValue: '', validate: compose(required('Phone'), validatePhone), mask: 'phone' });
  const agree = useField<boolean>(form, { initialValue: false, validate: validateCheckbox });
  const [note, setNote] = useState('');
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FieldLabel htmlFor={email.id} required>
        Email
      </FieldLabel>
      <input type="email" {...email.inputProps} />
      <FieldError id={email.errorId} message={email.error} />

      <FieldLabel htmlFor={phone.id} required>
        Phone
      </FieldLabel>
      <input type="tel" {...phone.inputProps} />
      <FieldError id={phone.errorId} message={phone.error} />

      <input {...agree.checkboxProps} aria-label="I agree" />
      <FieldError id={agree.errorId} message={agree.error} />

      <FieldLabel htmlFor="note" required={false}>
        Note
      </FieldLabel>
      <textarea id="note" value={note} onChange={(e) => setNote(e.target.value)} aria-describedby="note-count" />
      <CharacterCounter id="note-count" value={note} allowed={5} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useField / useForm', () => {
  it('labels required and optional fields', () => {
    render(<DemoForm onValid={() => {}} />);
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getAllByText('*required')).toHaveLength(2);
    expect(screen.getByText('—optional')).toBeInTheDocument();
  });

  it('validates at the first blur and clears the message once valid', async () => {
    const user = userEvent.setup();
    render(<DemoForm onValid={() => {}} />);
    const email = screen.getByLabelText(/^Email/);

    await user.type(email, 'jane@gmail');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');

    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('masks typed input', async () => {
    const user = userEvent.setup();
    render(<DemoForm onValid={() => {}} />);
    const phone = screen.getByLabelText(/^Phone/);
    await user.type(phone, '6087529000');
    expect(phone).toHaveValue('(608) 752-9000');
  });

  it('validates all on submit and focuses the first error', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<DemoForm onValid={onValid} />);

    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('This box must be checked.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Phone/), '608752900');
    expect(screen.getByText('Please enter a valid 10-digit phone number.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Phone/), '0');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(screen.queryByText('This box must be checked.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('counts text-area characters and flags overflow', async () => {
    const user = userEvent.setup();
    render(<DemoForm onValid={() => {}} />);
    const note = screen.getByLabelText(/^Note/);
    await user.type(note, 'abc');
    expect(screen.getByText('3/5')).toBeInTheDocument();
    await user.type(note, 'defg');
    expect(screen.getByText('7/5')).toBeInTheDocument();
    expect(screen.getByText('Exceeds 5-character max by 2')).toBeInTheDocument();
  });
});
