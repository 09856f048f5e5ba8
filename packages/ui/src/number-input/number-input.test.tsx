import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './number-input';

function Amount({ initial = '', onChange }: { initial?: string; onChange?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <NumberInput
      label="Savings"
      name="savings"
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        onChange?.();
      }}
    />
  );
}

describe('NumberInput', () => {
  it('accepts digits and one dot only', async () => {
    render(<Amount />);
    const input = screen.getByLabelText('Savings');
    await userEvent.type(input, '1a2.5.0x-');
    expect(input).toHaveValue('12.50');
  });

  it('ignores the mouse wheel', async () => {
    const onChange = vi.fn();
    render(<Amount initial="20" onChange={onChange} />);
    const input = screen.getByLabelText('Savings');
    await userEvent.click(input);
    fireEvent.wheel(input, { deltaY: -100 });
    fireEvent.wheel(input, { deltaY: 100 });
    expect(input).toHaveValue('20');
    expect(onChange).not.toHaveBeenCalled();
    // Not a spin button: nothing for the wheel (or arrow keys) to step.
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('offers a decimal keyboard', () => {
    render(<Amount />);
    expect(screen.getByLabelText('Savings')).toHaveAttribute('inputmode', 'decimal');
  });
});
