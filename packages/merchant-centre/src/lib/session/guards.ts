import { redirect } from 'react-router';
import { readStoredUser } from '@cc/api';

/** Visitor-only routes send a signed-in user to /my-store. */
export function visitorOnly() {
  return readStoredUser() ? redirect('/my-store') : null;
}

/** Merchant routes send a visitor (no stored user) to /login. */
export function merchantOnly() {
  return readStoredUser() ? null : redirect('/login');
}
