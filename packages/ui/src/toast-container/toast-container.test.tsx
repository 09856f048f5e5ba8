import { TOAST_AUTO_CLOSE_MS } from '@cc/config';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastContainer, toast } from '.';

describe('ToastContainer', () => {
  it('shows a toast at the bottom right', async () => {
    render(<ToastContainer />);
    act(() => {
      toast.success('Coupon created successfully');
    });
    const message = await screen.findByText('Coupon created successfully');
    // The position is a class react-toastify sets on its container.
    expect(message.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--bottom-right',
    );
  });

  it('closes toasts after the shell timeout', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(3000);
  });
});
