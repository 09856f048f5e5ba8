import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readStoredUser, useVerifyEmailMutation, writeStoredUser } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { Spinner } from '@cc/ui/spinner';
import { showToast } from '../../../lib/toast';

/**
 * auth/verify-email?token=...: only a spinner. No token goes to /; verified goes
 * to /coupons when a store exists, else /; a failure toasts and goes to /.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [verifyEmail] = useVerifyEmailMutation();
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    if (!token) {
      void navigate('/', { replace: true });
      return;
    }
    void (async () => {
      const result = await verifyEmail({ token });
      if (result.data?.email_verified) {
        const user = readStoredUser();
        if (user) writeStoredUser({ ...user, email_verified: true });
        await navigate(user?.store ? '/coupons' : '/', { replace: true });
        return;
      }
      showToast('error', MESSAGES.verifyExpired);
      await navigate('/', { replace: true });
    })();
  }, [token, navigate, verifyEmail]);

  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label="Verifying your email" />
    </div>
  );
}

export { VerifyEmailPage as Component };
