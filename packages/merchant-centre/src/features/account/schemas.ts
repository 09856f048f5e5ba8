import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH } from '@cc/config';
import { isEmail, MESSAGES } from '@cc/contract';

/** Change email: a valid new address and the current password (the server judges the password). */
export const changeEmailSchema = yup.object({
  newEmail: yup
    .string()
    .trim()
    .required(MESSAGES.required)
    .test('email', MESSAGES.invalidEmail, (value) => !value || isEmail(value)),
  password: yup.string().required(MESSAGES.required),
});

/** Change password: the current one, a new one of at least 6 characters, typed twice alike. */
export const changePasswordSchema = yup.object({
  currentPassword: yup.string().required(MESSAGES.required),
  newPassword: yup.string().required(MESSAGES.required).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
  confirmPassword: yup
    .string()
    .required(MESSAGES.required)
    .oneOf([yup.ref('newPassword')], MESSAGES.passwordsDontMatch),
});
