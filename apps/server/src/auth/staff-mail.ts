import { getClientConfig, STAFF_INVITATION_TTL_MS } from '@cc/config';
import { STAFF_ROLE_LABELS, type StaffRole } from '@cc/contract';
import { brandMailHtml } from '../mail/templates';
import type { NewMail } from '../mail/types';
import { STAFF_CLIENT } from './staff-invitations';

/** Where an invitation's link leads: the staff console's accept page on the API origin. */
export function invitationLink(consoleOrigin: string, token: string): string {
  return `${consoleOrigin}/review/accept-invitation?token=${encodeURIComponent(token)}`;
}

/** The invitation to the staff console: who invited, the role, and the one-use link (72 hours). */
export function composeStaffInvitationMail(params: {
  to: string;
  role: StaffRole;
  invitedBy: string;
  link: string;
}): NewMail {
  const { appName } = getClientConfig(STAFF_CLIENT);
  const hours = STAFF_INVITATION_TTL_MS / 3_600_000;
  const role = STAFF_ROLE_LABELS[params.role].toLowerCase();
  const subject = `You are invited to the ${appName} staff console`;
  const intro = `${params.invitedBy || 'An admin'} invited you to the ${appName} staff console as ${role === 'admin' ? 'an admin' : 'a reviewer'}.`;
  const action = 'Set your password';
  const expiry = `This link works once and expires in ${String(hours)} hours. If you did not expect it, ignore this mail.`;
  const textBody = `${intro}\n\n${action}: ${params.link}\n\n${expiry}\n\n${appName}`;
  const htmlBody = brandMailHtml({
    client: STAFF_CLIENT,
    before: [{ text: intro }],
    link: params.link,
    action,
    after: [{ text: expiry }],
  });
  return {
    client: STAFF_CLIENT,
    kind: 'staff_invitation',
    toAddress: params.to,
    subject,
    textBody,
    htmlBody,
  };
}
