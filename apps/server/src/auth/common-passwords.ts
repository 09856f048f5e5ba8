import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldError, MESSAGES, NEW_PASSWORD_RULE } from '@cc/contract';
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

/** A new password on `field` the body's rules accepted, refused when it is a common one (the server alone holds the list). */
export function refuseCommonPassword(
  password: string,
  errors: FieldErrors,
  field = 'password',
): void {
  if (!errors.has(field) && isCommonPassword(password))
    errors.add(field, MESSAGES.passwordTooCommon);
}

/** A new password outside a form's body rules: the contract's rule for one (required, at least 6), then the common list. */
export function checkNewPassword(password: string, errors: FieldErrors, field = 'password'): void {
  const message = fieldError(NEW_PASSWORD_RULE, password);
  if (message !== undefined) errors.add(field, message);
  else refuseCommonPassword(password, errors, field);
}
