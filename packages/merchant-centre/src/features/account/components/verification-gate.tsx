import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectUser } from '../../../lib/session/session-slice';

/** Without the banner's code (a failed download) the screen shows as it is. */
const NoBanner = () => null;

/** The banner and its call: a chunk of their own, fetched only for a user who has not verified. */
const VerificationBanner = lazy(() =>
  import('./verification-banner').then(
    (module) => ({ default: module.VerificationBanner }),
    () => ({ default: NoBanner }),
  ),
);

/** The verification banner while the stored user's email is known to be unverified. */
export function VerificationGate() {
  const user = useAppSelector(selectUser);
  if (user?.email_verified !== false) return null;
  return (
    <Suspense fallback={null}>
      <VerificationBanner email={user.email ?? ''} />
    </Suspense>
  );
}
