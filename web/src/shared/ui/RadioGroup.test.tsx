import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { forcedSelection, RadioGroup, type RadioOption } from './RadioGroup';

const SHIPPING: RadioOption[] = [
  { value: 'pickup', label: 'Store pickup', disabled: true },
  { value: 'ship', label: 'Ship to home' },
  { value: 'local', label: 'Same day delivery' },
];

describe('forcedSelection', () => {
  it('keeps the checked one', () => {
    expect(forcedSelection(SHIPPING, 'local')).toBe('local');
  });
  it('else the first enabled one', () => {
    expect(forcedSelection(SHIPPING, null)).toBe('ship');
    expect(forcedSelection(SHIPPING, 'gone')).toBe('ship');
  });
  it('else the first', () => {
    expect(forcedSelection(SHIPPING.map((o) => ({ ...o, disabled: true })), null)).toBe('pickup');
  });
  it('nothing in an empty group', () => {
    expect(forcedSelection([], null)).toBeNull();
  });
});

function Harness({ initial, force = false, required = false, showErrors = false }: {
  initial: string | null;
  force?: boolean;
  required?: boolean;
  showErrors?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RadioGroup
        legend="Delivery"
        name="delivery"
        options={SHIPPING}
        value={value}
        onChange={setValue}
        forceSelection={force}
        required={required}
        showErrors={showErrors}
      />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

describe('RadioGroup', () => {
  it('with forced selection, selects the first enabled option when none is checked', () => {
    render(<Harness initial={null} force />);
    expect(screen.getByRole('radio', { name: 'Ship to home' })).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('ship');
  });

  it('without it, nothing is selected; a required group says so after a submit', () => {
    const { rerender } = render(<Harness initial={null} required />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<Harness initial={null} required showErrors />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please make a selection$/);
    expect(screen.getByRole('group', { name: 'Delivery' })).toHaveAccessibleDescription('Please make a selection');
  });

  it('keeps one value: choosing another unchecks the first; disabled ones cannot be chosen', async () => {
    const user = userEvent.setup();
    render(<Harness initial="local" force />);
    expect(screen.getByRole('radio', { name: 'Same day delivery' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Ship to home' }));
    expect(screen.getByRole('radio', { name: 'Ship to home' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Same day delivery' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Store pickup' }));
    expect(screen.getByTestId('value')).toHaveTextContent('ship');
  });
});
