import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer, toast } from '.';

/**
 * The end of a CSS animation as a browser reports it. jsdom runs no animation, and without
 * its AnimationEvent React listens for the prefixed name, so both names are sent.
 */
function endAnimation(element: Element) {
  fireEvent.animationEnd(element);
  fireEvent(element, new Event('webkitAnimationEnd', { bubbles: true }));
}

describe('ToastContainer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('closes a toast by itself once its timer of 3000 ms has run out (SPEC section 9)', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    render(<ToastContainer />);
    act(() => {
      toast.success('Your changes were saved successfully');
    });
    const shown = screen.getByRole('alert');
    expect(shown).toHaveTextContent('Your changes were saved successfully');
    const timer = within(shown).getByRole('progressbar', { name: 'notification timer' });

    // react-toastify times a toast with CSS animations, which jsdom does not run: the
    // browser's animationend events are played here in their order.
    endAnimation(shown); // it has slid in, so its timer starts
    expect(timer).toHaveStyle({ animationDuration: '3000ms', animationPlayState: 'running' });
    fireEvent.mouseEnter(shown);
    expect(timer).toHaveStyle({ animationPlayState: 'paused' });
    fireEvent.mouseLeave(shown);
    expect(timer).toHaveStyle({ animationPlayState: 'running' });

    endAnimation(timer); // its 3000 ms are up
    endAnimation(shown); // it has slid out, and collapses
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Your changes were saved successfully')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
