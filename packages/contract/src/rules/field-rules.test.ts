import { describe, expect, it } from 'vitest';
import {
  isDateString,
  isEmail,
  isStorableAmount,
  isWebAddress,
  maxLengthMessage,
} from './field-rules';

describe('field rules shared by the forms and the server', () => {
  it.each([
    ['owner@acme.test', true],
    ['owner@acme', false],
    ['owner', false],
    ['own er@acme.test', false],
    [`${'a'.repeat(250)}@a.io`, false],
  ])('email %j -> %s', (value, valid) => {
    expect(isEmail(value)).toBe(valid);
  });

  it.each([
    ['acme.test', true],
    ['https://acme.test/shop', true],
    ['http://localhost:8080', true],
    ['not a url', false],
    ['ftp://acme.test', false],
    ['https://', false],
  ])('web address %j -> %s', (value, valid) => {
    expect(isWebAddress(value)).toBe(valid);
  });

  it.each([
    ['2026-11-24', true],
    ['2028-02-29', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['24/11/2026', false],
  ])('date %j -> %s', (value, valid) => {
    expect(isDateString(value)).toBe(valid);
  });

  it('stores amounts below ten billion, and no amount at all', () => {
    expect([null, 0, 20, 9_999_999_999.99].every(isStorableAmount)).toBe(true);
    expect([1e10, -1e10, Number.NaN].some(isStorableAmount)).toBe(false);
  });

  it("writes a too long text's message in DRF's words", () => {
    expect(maxLengthMessage(120)).toBe('Ensure this field has no more than 120 characters.');
  });
});
