import { EmailLinkResult } from '../components/email-link-result';

/** /account/revert-email?token=...: the link mailed to the old address, which undoes the change. */
export function RevertEmailPage() {
  return <EmailLinkResult kind="revert" />;
}

export { RevertEmailPage as Component };
