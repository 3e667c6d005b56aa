import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Facet } from '../../shared/api/search';
import { RangeFacet } from './RangeFacet';

const price = { name: 'price', label: 'Price', kind: 'range', values: [], min: 5, max: 100 } as unknown as Facet;

function setup(chosen: { from: number; to: number } | null = null) {
  const onChange = vi.fn();
  render(<RangeFacet facet={price} chosen={chosen} onChange={onChange} />);
  return {
    onChange,
    from: screen.getByRole('textbox', { name: 'From (Price)' }),
    to: screen.getByRole('textbox', { name: 'To (Price)' }),
    go: screen.getByRole('button', { name: /^Go: apply the price range/ }),
  };
}

describe('RangeFacet', () => {
  it('typed values apply with Go, falling back to the bounds outside them', async () => {
    const { onChange, from, to, go } = setup();
    expect(from).toHaveValue('5');
    expect(to).toHaveValue('100');
    await userEvent.clear(from);
    await userEvent.type(from, '20');
    await userEvent.clear(to);
    await userEvent.type(to, '5000');
    await userEvent.click(go);
    expect(onChange).toHaveBeenCalledWith(20, 100);
    expect(to).toHaveValue('100');
  });

  it('reversed or unreadable values fall back and the whole range changes nothing', async () => {
    const { onChange, from, to } = setup();
    await userEvent.clear(from);
    await userEvent.type(from, 'abc');
    await userEvent.clear(to);
    await userEvent.type(to, '100{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(from).toHaveValue('5');
  });

  it('starts from the chosen range', () => {
    const { from, to } = setup({ from: 10, to: 40 });
    expect(from).toHaveValue('10');
    expect(to).toHaveValue('40');
  });
});

describe('RangeFacet bounds', () => {
  it('keeps what was typed over re-renders, and resets when the bounds change', () => {
    const onChange = vi.fn();
    const { rerender } = render(<RangeFacet facet={price} chosen={null} onChange={onChange} />);
    const from = screen.getByRole('textbox', { name: 'From (Price)' });
    fireEvent.change(from, { target: { value: '20' } });
    rerender(<RangeFacet facet={price} chosen={null} onChange={onChange} />);
    expect(from).toHaveValue('20');
    const wider = { ...price, max: 200 } as unknown as Facet;
    rerender(<RangeFacet facet={wider} chosen={null} onChange={onChange} />);
    expect(from).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'To (Price)' })).toHaveValue('200');
  });
});
