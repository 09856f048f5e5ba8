import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingButton } from './loading-button';

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoadingButton', () => {
  it('is disabled with a spinner while its handler runs, then usable again', async () => {
    const pending = deferred();
    const onClick = vi.fn(() => pending.promise);
    render(
      <LoadingButton onClick={onClick} loadingText="Please wait...">
        Cancel Subscription
      </LoadingButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const busy = screen.getByRole('button', { name: 'Please wait...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    expect(onClick).toHaveBeenCalledOnce();
    pending.resolve();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeEnabled(),
    );
  });

  it('logs a handler that throws and recovers', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('Network down');
    const pending = deferred();
    render(<LoadingButton onClick={() => pending.promise}>Save</LoadingButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    pending.reject(failure);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(log).toHaveBeenCalledWith(failure);
  });

  it('logs a handler that throws synchronously and stays usable', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <LoadingButton
        onClick={() => {
          throw new Error('boom');
        }}
      >
        Save
      </LoadingButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(log).toHaveBeenCalledOnce();
  });
});
