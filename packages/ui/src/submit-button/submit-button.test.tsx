import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

describe('SubmitButton', () => {
  it('submits its form', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form aria-label="Login" onSubmit={onSubmit}>
        <SubmitButton>SIGN IN</SubmitButton>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading, with the loading text', () => {
    render(
      <SubmitButton isLoading loadingText="Saving changes...">
        Save changes
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Saving changes...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
