import type { ChangeEvent } from 'react';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';

export type NumberInputProps = Omit<TextInputProps, 'type' | 'inputMode' | 'pattern'>;

/** Digits with at most one dot, or nothing. */
export const NUMBER_PATTERN = /^\d*\.?\d*$/;

/**
 * A field for amounts: accepts only digits and one dot, and ignores the mouse
 * wheel. It is a text input with a decimal keyboard rather than
 * `type="number"`, so scrolling the page over it never steps the value.
 * `onChange` is called only with values that match, so a rejected keystroke
 * leaves the value as it was.
 */
export function NumberInput({ onChange, ...rest }: NumberInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (!NUMBER_PATTERN.test(event.target.value)) return;
    onChange?.(event);
  }
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="decimal"
      pattern="[0-9]*\.?[0-9]*"
      onChange={handleChange}
    />
  );
}
