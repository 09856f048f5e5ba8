import { COUNTED_INPUT_DEFAULT_LIMIT } from '@cc/config';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountedInput } from './counted-input';

function Description({ limit, isMultiline = false }: { limit?: number; isMultiline?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <CountedInput
      isMultiline={isMultiline}
      label="Description"
      name="description"
      limit={limit}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

describe('CountedInput', () => {
  it('starts at the default limit of 120 characters left', () => {
    render(<Description />);
    expect(COUNTED_INPUT_DEFAULT_LIMIT).toBe(120);
    expect(screen.getByText('120 characters left')).toBeInTheDocument();
  });

  it('counts down as the merchant types', async () => {
    render(<Description />);
    await userEvent.type(screen.getByLabelText('Description'), 'Sale');
    expect(screen.getByText('116 characters left')).toBeInTheDocument();
  });

  it('stops at the limit', async () => {
    render(<Description limit={5} />);
    const input = screen.getByLabelText('Description');
    await userEvent.type(input, 'Free shipping');
    expect(input).toHaveValue('Free ');
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
  });

  it('stops at the limit when pasting into the multi-line field', async () => {
    render(<Description limit={8} isMultiline />);
    const input = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.click(input);
    await userEvent.paste('Buy one get one free');
    expect((input as HTMLTextAreaElement).value.length).toBeLessThanOrEqual(8);
  });

  it('announces the counter politely and describes the field with it', () => {
    render(<Description />);
    const counter = screen.getByText('120 characters left');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription('120 characters left');
  });
});
