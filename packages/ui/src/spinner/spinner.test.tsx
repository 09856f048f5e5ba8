import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status with its label for screen readers', () => {
    render(<Spinner label="Verifying your email" />);
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email');
  });

  it('says nothing when decorative', () => {
    render(<Spinner isDecorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
