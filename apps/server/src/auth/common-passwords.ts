import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import type { FieldErrors } from '../core/http/errors';

/**
 * The common passwords a new password may not be: zxcvbn-ts's list (the most used passwords of
 * the public 10-million-password corpus's top 100,000, as `@zxcvbn-ts/language-common` ships
 * it), held once in memory, lower-cased, from the first check on.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

/** Whether `password` is on the common-passwords list, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (for the docs and the tests). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** The spec's rules for a new password, reported on `field`. */
export function checkNewPassword(password: string, errors: FieldErrors, field = 'password'): void {
  if (password === '') errors.add(field, MESSAGES.required);
  else if (password.length < PASSWORD_MIN_LENGTH) errors.add(field, MESSAGES.passwordTooShort);
  else if (isCommonPassword(password)) errors.add(field, MESSAGES.passwordTooCommon);
}
