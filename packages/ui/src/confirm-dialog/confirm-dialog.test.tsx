import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Payment({
  onConfirm = () => {},
  isDestructive,
}: {
  onConfirm?: () => unknown;
  isDestructive?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Cancel Subscription
      </button>
      <a href="#after">After</a>
      <ConfirmDialog
        isOpen={isOpen}
        title="Cancel Subscription?"
        confirmLabel="Yes, cancel"
        cancelLabel="No, go back"
        isDestructive={isDestructive}
        onCancel={() => setIsOpen(false)}
        onConfirm={async () => {
          await onConfirm();
          setIsOpen(false);
        }}
      >
        Are you sure you want to cancel your subscription to Coupon Page?
      </ConfirmDialog>
    </>
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
  return screen.getByRole('alertdialog', { name: 'Cancel Subscription?' });
}

describe('ConfirmDialog', () => {
  it('opens with its title and question, focus on the safe choice', async () => {
    render(<Payment />);
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to cancel your subscription to Coupon Page?',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'No, go back' })).toHaveFocus());
  });

  it('traps focus inside the dialog', async () => {
    render(<Payment />);
    await openDialog();
    const back = screen.getByRole('button', { name: 'No, go back' });
    const yes = screen.getByRole('button', { name: 'Yes, cancel' });
    await waitFor(() => expect(back).toHaveFocus());
    await userEvent.tab();
    expect(yes).toHaveFocus();
    await userEvent.tab();
    expect(back).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(yes).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    render(<Payment />);
    await openDialog();
    await waitFor(() => expect(screen.getByRole('button', { name: 'No, go back' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toHaveFocus(),
    );
  });

  it('closes on the cancel button and returns focus', async () => {
    render(<Payment />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toHaveFocus(),
    );
  });

  it("confirms with 'Please wait...' while the action runs, then closes", async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Payment onConfirm={onConfirm} />);
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('by default the confirm button is the primary one and the cancel button is secondary', async () => {
    render(<Payment />);
    await openDialog();
    expect(screen.getByRole('button', { name: 'Yes, cancel' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
    expect(screen.getByRole('button', { name: 'No, go back' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
  });

  it('destructive: the safe choice is the primary button and the confirm button reads as danger', async () => {
    render(<Payment isDestructive />);
    await openDialog();
    const back = screen.getByRole('button', { name: 'No, go back' });
    expect(back).toHaveAttribute('data-variant', 'primary');
    expect(screen.getByRole('button', { name: 'Yes, cancel' })).toHaveAttribute(
      'data-variant',
      'danger',
    );
    await waitFor(() => expect(back).toHaveFocus());
  });

  it('shows what it asks for under the question, outside the description', async () => {
    render(
      <ConfirmDialog
        isOpen
        title="Delete account?"
        confirmLabel="Delete my account"
        cancelLabel="Keep my account"
        onCancel={() => {}}
        onConfirm={() => {}}
        details={
          <label>
            Password
            <input type="password" />
          </label>
        }
      >
        This cannot be undone.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete account?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    expect(screen.getByLabelText('Password')).toHaveValue('secret');
  });
});
