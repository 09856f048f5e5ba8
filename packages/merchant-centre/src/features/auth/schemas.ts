import * as yup from 'yup';
import {
  LOGIN_RULES,
  MESSAGES,
  NEW_PASSWORD_RULES,
  PASSWORD_REMINDER_RULES,
  REGISTER_RULES,
} from '@cc/contract';
import { confirmationOf, rulesSchema } from '../../lib/form/rules-schema';

// The sign-in and password forms send their fields under the wire's names, so each form field is its wire field.

/** Login: email and password required, in the server's words; the credentials are the server's to judge. */
export const loginSchema = rulesSchema({
  rules: LOGIN_RULES,
  fields: { email: 'email', password: 'password' },
});

/** Password reminder: email required. */
export const passwordReminderSchema = rulesSchema({
  rules: PASSWORD_REMINDER_RULES,
  fields: { email: 'email' },
});

/** Register: email required and valid, password required and at least 6 characters. */
export const registerSchema = rulesSchema({
  rules: REGISTER_RULES,
  fields: { email: 'email', password: 'password' },
});

/** Set new password: the same minimum, and the form's own confirmation must match (it is not sent). */
export const newPasswordSchema = rulesSchema({
  rules: NEW_PASSWORD_RULES,
  fields: { password: 'password' },
}).shape({
  confirmPassword: confirmationOf('password'),
});

/** The code step after the password: the app's code, or a recovery code; which one the form shows. */
export const secondFactorSchema = yup.object({
  code: yup.string().trim().required(MESSAGES.required),
});
