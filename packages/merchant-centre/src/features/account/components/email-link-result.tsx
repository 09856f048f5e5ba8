import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, readStoredUser, writeStoredUser } from '@cc/api';
import { useConfirmEmailChangeMutation, useRevertEmailChangeMutation } from '../api/account';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { Banner } from '@cc/ui/banner';
import { Spinner } from '@cc/ui/spinner';
import { linkClasses, useTheme } from '@cc/ui/theme';
import { useAppDispatch } from '../../../lib/hooks';
import { endSession } from '../../../lib/session/session';
import { userStored } from '../../../lib/session/session-slice';

export type EmailLinkKind = 'confirm' | 'revert';

const TITLES: Record<EmailLinkKind, string> = {
  confirm: 'Confirm your new email',
  revert: 'Undo the email change',
};

/**
 * A link from an email-change mail (?token=...), followed by a visitor or a signed-in
 * user: a spinner while the server answers, then its message (or the failure's) and the
 * way to log in. Confirming changes a stored user's email; undoing signs every device
 * out, this one included.
 */
export function EmailLinkResult({ kind }: { kind: EmailLinkKind }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const [confirm] = useConfirmEmailChangeMutation();
  const [revert] = useRevertEmailChangeMutation();
  const [answer, setAnswer] = useState<{ isDone: boolean; message: string } | null>(
    token ? null : { isDone: false, message: ACCOUNT_MESSAGES.emailChangeExpired },
  );
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current || !token) return;
    hasRun.current = true;
    void (async () => {
      const result = await (kind === 'confirm' ? confirm({ token }) : revert({ token }));
      if (!result.data) {
        setAnswer({ isDone: false, message: errorMessage(result.error) });
        return;
      }
      const stored = readStoredUser();
      if (kind === 'revert') endSession(dispatch);
      else if (stored) {
        const user = { ...stored, email: result.data.email };
        writeStoredUser(user);
        dispatch(userStored(user));
      }
      setAnswer({ isDone: true, message: result.data.message });
    })();
  }, [token, kind, confirm, revert, dispatch]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{TITLES[kind]}</h1>
        <div className="mt-6">
          {answer ? (
            <>
              <Banner variant={answer.isDone ? 'info' : 'error'}>{answer.message}</Banner>
              <p className="mt-6 text-sm">
                <Link to="/login" className={linkClasses(theme)}>
                  Log in
                </Link>
              </p>
            </>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner size="lg" label="Following your link" />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
