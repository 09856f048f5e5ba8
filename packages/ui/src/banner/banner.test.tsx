import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Banner } from './banner';

describe('Banner', () => {
  it('shows info and warnings as a polite status', () => {
    render(
      <>
        <Banner>Your page is being reviewed</Banner>
        <Banner variant="warning">Payment past due</Banner>
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses[0]).toHaveTextContent('Your page is being reviewed');
    expect(statuses[1]).toHaveTextContent('Payment past due');
  });

  it('shows an error as an alert with its title', () => {
    render(
      <Banner variant="error" title="Your store was declined">
        Logo not readable
      </Banner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your store was declinedLogo not readable');
  });
});
