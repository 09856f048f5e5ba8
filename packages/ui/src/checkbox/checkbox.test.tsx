import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles through its label and reports the change', async () => {
    const onChange = vi.fn();
    render(
      <Checkbox
        label="No Expiration Date"
        name="noExpiration"
        checked={false}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByText('No Expiration Date'));
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.getByRole('checkbox', { name: 'No Expiration Date' })).toHaveAttribute(
      'name',
      'noExpiration',
    );
  });

  it('announces its error', () => {
    render(
      <Checkbox
        label="Accept terms"
        checked={false}
        onChange={() => {}}
        error="You must accept the terms"
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Accept terms' });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('You must accept the terms');
  });
});
