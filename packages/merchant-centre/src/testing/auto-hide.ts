import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';

/**
 * The error item reading `text` is on screen, still is halfway through
 * NOTIFICATION_AUTO_HIDE_MS, and is gone at its end. Needs fake timers from before
 * the failed call (`vi.useFakeTimers({ shouldAdvanceTime: true })`).
 */
export async function expectAlertToHideAfter10Seconds(text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_HIDE_MS / 2);
  });
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_HIDE_MS / 2);
  });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}
