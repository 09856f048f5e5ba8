import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HoverTip } from './hover-tip';

describe('HoverTip', () => {
  it('shows its tip on hover and hides it when the pointer leaves', async () => {
    render(<HoverTip tip="Shown on the coupon page" label="About logos" />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: 'About logos' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Shown on the coupon page');
    await userEvent.unhover(screen.getByRole('button', { name: 'About logos' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows its tip on keyboard focus as the button description; Escape hides it', async () => {
    render(<HoverTip tip="Shown on the coupon page" label="About logos" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'About logos' })).toHaveAccessibleDescription(
      'Shown on the coupon page',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
