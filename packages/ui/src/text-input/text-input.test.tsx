import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('is labelled and works as a controlled field with name, value, onChange and onBlur', async () => {
    const onBlur = vi.fn();
    function Form() {
      const [value, setValue] = useState('');
      return (
        <TextInput
          label="Email"
          name="email"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={onBlur}
        />
      );
    }
    render(<Form />);
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'shop@example.com');
    await userEvent.tab();
    expect(input).toHaveValue('shop@example.com');
    expect(input).toHaveAttribute('name', 'email');
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('shows the error under the field and announces it (aria-invalid, aria-describedby)', () => {
    render(
      <TextInput
        label="Email"
        name="email"
        value=""
        onChange={() => {}}
        error="Email is required"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('is valid and undescribed without an error', () => {
    render(<TextInput label="Email" name="email" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toBeInvalid();
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
