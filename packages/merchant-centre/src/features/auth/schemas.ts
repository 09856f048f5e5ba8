import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH } from '@cc/config';
import { isEmail, MESSAGES } from '@cc/contract';

/** A new password (SPEC section 5): required, at least 6 characters, with the server's messages. */
const newPassword = () => yup.string().required(MESSAGES.required).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

const requiredText = () => yup.string().trim().required(MESSAGES.required);

/** Login: email and password required, in the server's words; the credentials are the server's to judge. */
export const loginSchema = yup.object({ email: requiredText(), password: yup.string().required(MESSAGES.required) });

/** Password reminder: email required. */
export const passwordReminderSchema = yup.object({ email: requiredText() });

/** Register: email required and valid (the server's check), password as above. */
export const registerSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(MESSAGES.required)
    .test('email', MESSAGES.invalidEmail, (value) => !value || isEmail(value)),
  password: newPassword(),
});

/** Set new password: the same minimum, and the two entries must match. */
export const newPasswordSchema = yup.object({
  password: newPassword(),
  confirmPassword: yup
    .string()
    .required(MESSAGES.required)
    .oneOf([yup.ref('password')], MESSAGES.passwordsDontMatch),
});

/** The code step after the password: the app's code, or a recovery code; which one the form shows. */
export const secondFactorSchema = yup.object({ code: requiredText() });
