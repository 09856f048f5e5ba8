import { describe, expect, it } from 'vitest';
import { isUkVatNumber, normaliseVatNumber } from './vat';

describe('UK VAT numbers', () => {
  it.each([
    'GB123456789',
    'GB123456789012',
    'GBGD001',
    'GBGD499',
    'GBHA500',
    'GBHA999',
    'gb 123 4567 89',
    'GB-123.456.789',
  ])('accepts %s', (input) => expect(isUkVatNumber(input)).toBe(true));

  it.each([
    '',
    'GB12345678',
    'GB1234567890',
    'GB1234567890123',
    '123456789',
    'DE123456789',
    'GBGD500',
    'GBHA499',
    'GBXX123',
    'GB12345678A',
  ])('rejects %j', (input) => expect(isUkVatNumber(input)).toBe(false));

  it('normalises spaces, dots, dashes and case', () => {
    expect(normaliseVatNumber(' gb 123 456-789 ')).toBe('GB123456789');
    expect(normaliseVatNumber('gbgd 001')).toBe('GBGD001');
  });
});
