import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors, clearSession, errorMessage } from '@cc/api';
import { useDeleteAccountMutation } from '../api/account-data';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD } from '@cc/contract';
import type { DeleteAccountBody } from '@cc/contract';
import { TextInput } from '@cc/ui/text-input';
import { buttonClasses, useTheme } from '@cc/ui/theme';
import { useAppDispatch } from '../../../lib/hooks';
import { LazyConfirmDialog } from '../../../lib/lazy-confirm-dialog';
import { endSession } from '../../../lib/session/session';
import { showToast } from '../../../lib/toast';
import { AccountSection } from './account-section';

type Field = keyof DeleteAccountBody;
const FIELDS: readonly Field[] = ['password', 'confirmation'];
const EMPTY: DeleteAccountBody = { password: '', confirmation: '' };

/**
 * 'Delete account': what goes and what stays, then a confirm dialog asking for the password
 * and the typed word. The server's field errors show under their fields. Once deleted, the
 * stored session is cleared and the app goes to the landing page with a toast; the Redux
 * session ends as this screen closes, so the merchant screens' guard never sends the
 * visitor to /login on the way.
 */
export function DeleteAccountSection() {
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount] = useDeleteAccountMutation();
  const [isOpen, setOpen] = useState(false);
  const [values, setValues] = useState<DeleteAccountBody>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isDeleted = useRef(false);

  useEffect(
    () => () => {
      if (isDeleted.current) endSession(dispatch);
    },
    [dispatch],
  );

  function close() {
    setOpen(false);
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  }

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function confirm() {
    setErrors({});
    setFormError(null);
    const result = await deleteAccount(values);
    if (result.error) {
      const found: Partial<Record<Field, string>> = {};
      const applied = applyFieldErrors(
        result.error,
        (field, message) => (found[field as Field] = message),
        FIELDS,
      );
      setErrors(found);
      if (applied.length === 0) setFormError(errorMessage(result.error));
      return;
    }
    isDeleted.current = true;
    clearSession();
    showToast('success', ACCOUNT_MESSAGES.accountDeleted);
    await navigate('/', { replace: true });
  }

  return (
    <AccountSection title="Delete account">
      <div className="grid gap-2 text-sm text-slate-700">
        <p>
          Deleting your account ends your subscription at once and deletes your store page, your
          coupons and their counts, your billing details and every sign-in. This cannot be undone.
        </p>
        <p>
          We keep your invoices, as the law requires (six years), with the billing details printed
          on them.
        </p>
      </div>
      <button
        type="button"
        data-variant="danger"
        onClick={() => setOpen(true)}
        className={`${buttonClasses(theme, { variant: 'danger' })} mt-4`}
      >
        Delete my account
      </button>
      <LazyConfirmDialog
        isOpen={isOpen}
        title="Delete your account?"
        confirmLabel="Yes, delete my account"
        cancelLabel="No, go back"
        busyLabel="Deleting..."
        isDestructive
        onCancel={close}
        onConfirm={confirm}
        details={
          <>
            <TextInput
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={change('password')}
              error={errors.password}
            />
            <TextInput
              label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
              name="confirmation"
              autoComplete="off"
              value={values.confirmation}
              onChange={change('confirmation')}
              error={errors.confirmation}
            />
            {formError && (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            )}
          </>
        }
      >
        Your store page goes offline and everything but your invoices is deleted for good.
      </LazyConfirmDialog>
    </AccountSection>
  );
}
