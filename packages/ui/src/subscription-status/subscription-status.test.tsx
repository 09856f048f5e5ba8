import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionStatus, statusTone } from './subscription-status';

describe('SubscriptionStatus', () => {
  it.each([
    ['active', 'green'],
    ['incomplete', 'yellow'],
    ['past_due', 'yellow'],
    ['unpaid', 'yellow'],
    ['canceled', 'red'],
    ['incomplete_expired', 'red'],
    ['', 'red'],
  ])('shows %s with a %s dot', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('shows the status text next to the dot', () => {
    render(<SubscriptionStatus status="past_due" />);
    expect(screen.getByText('Past due')).toBeInTheDocument();
  });

  it('takes its own label', () => {
    render(<SubscriptionStatus status="active" label="Active subscription" />);
    expect(screen.getByText('Active subscription')).toBeInTheDocument();
  });
});
