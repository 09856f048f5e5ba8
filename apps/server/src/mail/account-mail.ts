import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from './repository';
import { brandMailHtml } from './templates';

/**
 * The account's own mails: the link that confirms a new sign-in address (to that address),
 * the notice that the address changed with a link that changes it back (to the old one),
 * and the notice that the password changed.
 */
export type AccountMailKind = 'change_email' | 'email_changed' | 'password_changed';

export type AccountMail =
  | { kind: 'change_email'; token: string; newEmail: string }
  | { kind: 'email_changed'; token: string; newEmail: string }
  | { kind: 'password_changed' };

export function composeAccountMail(
  params: { client: ClientId; origin: string; to: string } & AccountMail,
): NewMail {
  const { siteName, appName } = getClientConfig(params.client);
  const linkTo = (path: string, token?: string) =>
    `${params.origin}/${path}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  let subject: string;
  let intro: string;
  let action: string;
  let link: string;
  let after: string;
  switch (params.kind) {
    case 'change_email':
      subject = `Confirm your new ${siteName} sign-in email`;
      intro = `You asked to sign in to ${siteName} with ${params.newEmail} from now on. Confirm this address to make the change.`;
      action = 'Confirm new email';
      link = linkTo('account/confirm-email', params.token);
      after =
        'This link expires in 24 hours. If you did not ask for this, ignore this mail: nothing changes.';
      break;
    case 'email_changed':
      subject = `Your ${siteName} sign-in email was changed`;
      intro = `The sign-in email of your ${siteName} account was changed to ${params.newEmail}.`;
      action = 'Change it back';
      link = linkTo('account/revert-email', params.token);
      after =
        'If you did not make this change, change it back within 7 days: every device will be signed out.';
      break;
    case 'password_changed':
      subject = `Your ${siteName} password was changed`;
      intro = `The password of your ${siteName} account was changed, and every other device was signed out.`;
      action = 'Sign in';
      link = linkTo('login');
      after = 'If you did not make this change, reset your password now from the sign-in page.';
      break;
  }
  const textBody = `${intro}\n\n${action}: ${link}\n\n${after}\n\n${appName}`;
  const htmlBody = brandMailHtml({
    client: params.client,
    before: [{ text: intro }],
    link,
    action,
    after: [{ text: after }],
  });
  return {
    client: params.client,
    kind: params.kind,
    toAddress: params.to,
    subject,
    textBody,
    htmlBody,
  };
}
