import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { showToast } from '../../../lib/toast';

/** Counts the loads of the toast library's chunk (its module, the first time anything imports it). */
const toastLibrary = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@cc/ui/toast-container', async (importOriginal) => {
  toastLibrary.loads += 1;
  return importOriginal();
});

/** Long enough for the browser to have gone idle after the screen painted (useIdle's fallback timer and more). */
const wellAfterIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 1000)));

describe('toasts in the shell', () => {
  it('loads no toast library while there is nothing to say, then shows a screen’s toast', async () => {
    renderApp('/');
    await screen.findByTestId('price');
    await wellAfterIdle();
    expect(toastLibrary.loads).toBe(0);

    act(() => showToast('success', 'Coupon order saved'));
    expect(
      await screen.findByText('Coupon order saved', undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(toastLibrary.loads).toBeGreaterThan(0);
  });
});
