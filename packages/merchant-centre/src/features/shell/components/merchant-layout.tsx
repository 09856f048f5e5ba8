import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsSignedIn } from '../../../lib/session/session-slice';

/** Wraps the merchant screens: when the session ends (a failed token refresh) the visitor goes to /login. */
export function MerchantLayout() {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return <Outlet />;
}
