import { describe, expect, it, vi } from 'vitest';
import { applyFieldErrors } from './field-errors';

describe('field errors from a failed submit', () => {
  it("sets each field's first message from its own list", () => {
    const setFieldError = vi.fn();
    const applied = applyFieldErrors(
      {
        status: 400,
        data: {
          name: ['This field is required.', 'second'],
          contact_email: ['Enter a valid email address.'],
        },
      },
      setFieldError,
      ['name', 'contact_email', 'website_url'],
    );
    expect(applied).toEqual(['name', 'contact_email']);
    expect(setFieldError).toHaveBeenCalledWith('name', 'This field is required.');
    expect(setFieldError).toHaveBeenCalledWith('contact_email', 'Enter a valid email address.');
  });

  it('uses the first message of a non_field_errors list under the field', () => {
    const setFieldError = vi.fn();
    applyFieldErrors(
      {
        status: 400,
        data: { slug: { non_field_errors: ['A store with this slug already exists.'] } },
      },
      setFieldError,
      ['slug'],
    );
    expect(setFieldError).toHaveBeenCalledWith('slug', 'A store with this slug already exists.');
  });

  it('ignores errors without a field body', () => {
    const setFieldError = vi.fn();
    expect(
      applyFieldErrors({ status: 500, data: { message: 'Server Error' } }, setFieldError, ['name']),
    ).toEqual([]);
    expect(applyFieldErrors(new Error('x'), setFieldError, ['name'])).toEqual([]);
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
