import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldLabel } from './field-label';

describe('FieldLabel', () => {
  it('names the input it is for, with the required mark hidden from assistive tech', () => {
    render(
      <>
        <FieldLabel htmlFor="name" isRequired>
          Store name
        </FieldLabel>
        <input id="name" required />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Store name' })).toBeRequired();
  });
});
