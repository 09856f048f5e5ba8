import { EmailLinkResult } from '../components/email-link-result';

/** /account/confirm-email?token=...: the link mailed to the new address. */
export function ConfirmEmailPage() {
  return <EmailLinkResult kind="confirm" />;
}

export { ConfirmEmailPage as Component };
