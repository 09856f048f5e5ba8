import { useState } from 'react';
import { applyFieldErrors, errorMessage } from '@cc/api';
import { useChangeEmailMutation, useChangePasswordMutation } from '../api/account';
import { CHANGE_EMAIL_WIRE_FIELDS, CHANGE_PASSWORD_WIRE_FIELDS } from '../api/wire-fields';
import { useAppForm } from '../../../lib/form';
import { useCallMessage } from '../../../lib/use-call-message';

/** The forms' rules, with yup: a chunk of their own, loaded as the forms show. */
const changeEmailSchema = () => import('../schemas').then((module) => module.changeEmailSchema);
const changePasswordSchema = () =>
  import('../schemas').then((module) => module.changePasswordSchema);

/** Puts each field error of a failed call under its form field (`wireFields`: form field -> wire field); answers whether any was. */
function showFieldErrors(
  error: unknown,
  wireFields: Readonly<Record<string, string>>,
  setFieldError: (field: string, message: string) => void,
): boolean {
  const formField = Object.fromEntries(
    Object.entries(wireFields).map(([form, wire]) => [wire, form]),
  );
  const applied = applyFieldErrors(
    error,
    (field, message) => setFieldError(formField[field] ?? field, message),
    Object.values(wireFields),
  );
  return applied.length > 0;
}

/**
 * The sign-in email form: the new address and the current password. The server mails a
 * link to the new address and answers its message; the account then shows the pending address.
 */
export function useChangeEmailForm() {
  const [changeEmail] = useChangeEmailMutation();
  const failure = useCallMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAppForm({
    initialValues: { newEmail: '', password: '' },
    validationSchema: changeEmailSchema,
    onSubmit: async ({ newEmail, password }, helpers) => {
      failure.clear();
      setSuccess(null);
      const call = changeEmail({ new_email: newEmail.trim(), password });
      const result = await call;
      if (result.error) {
        if (!showFieldErrors(result.error, CHANGE_EMAIL_WIRE_FIELDS, helpers.setFieldError))
          failure.show(call, errorMessage(result.error));
        return;
      }
      helpers.resetForm();
      setSuccess(result.data.message);
    },
  });
  return { form, failure: failure.message, success };
}

/**
 * The password form: current, new and again. A wrong current password is the server's
 * field error under that field; on success every other device is signed out.
 */
export function useChangePasswordForm() {
  const [changePassword] = useChangePasswordMutation();
  const failure = useCallMessage();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAppForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: changePasswordSchema,
    onSubmit: async ({ currentPassword, newPassword, confirmPassword }, helpers) => {
      failure.clear();
      setSuccess(null);
      const call = changePassword({
        current_password: currentPassword,
        new_password: newPassword,
        confirm_password: confirmPassword,
      });
      const result = await call;
      if (result.error) {
        if (!showFieldErrors(result.error, CHANGE_PASSWORD_WIRE_FIELDS, helpers.setFieldError))
          failure.show(call, errorMessage(result.error));
        return;
      }
      helpers.resetForm();
      setSuccess(result.data.message);
    },
  });
  return { form, failure: failure.message, success };
}
