import { act, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';

/** Moves the fake clock on by `ms`, letting React and the calls due by then settle. */
export async function advanceClock(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * The error banner reading `text` is on screen, still is 5 s later and is gone 10 s
 * after it appeared. Needs fake timers from before the failed call
 * (`vi.useFakeTimers({ shouldAdvanceTime: true })`).
 */
export async function expectErrorBannerToHideAfter10Seconds(text: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  await advanceClock(NOTIFICATION_AUTO_HIDE_MS / 2);
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  await advanceClock(NOTIFICATION_AUTO_HIDE_MS / 2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}
