import type { ChangeEmailBody, ChangePasswordBody } from '@cc/contract';

/** Each field of the change-email form and the wire field it travels as; server field errors come back by the wire name. */
export const CHANGE_EMAIL_WIRE_FIELDS = {
  newEmail: 'new_email',
  password: 'password',
} as const satisfies Record<string, keyof ChangeEmailBody>;

/** The change-password form's fields and their wire fields. */
export const CHANGE_PASSWORD_WIRE_FIELDS = {
  currentPassword: 'current_password',
  newPassword: 'new_password',
  confirmPassword: 'confirm_password',
} as const satisfies Record<string, keyof ChangePasswordBody>;
