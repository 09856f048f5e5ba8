import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from '../repositories/outbox';

export type MailKind = 'verify_email' | 'password_reset';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A brand-aware message with one link into that brand's merchant site. */
export function composeMail(params: {
  kind: MailKind;
  client: ClientId;
  origin: string;
  to: string;
  token: string;
}): NewMail {
  const brand = getClientConfig(params.client);
  const path = params.kind === 'verify_email' ? 'auth/verify-email' : 'auth/set-password';
  const link = `${params.origin}/${path}?token=${encodeURIComponent(params.token)}`;
  const subject =
    params.kind === 'verify_email' ? `Verify your email for ${brand.siteName}` : `Reset your ${brand.siteName} password`;
  const intro =
    params.kind === 'verify_email'
      ? `Welcome to ${brand.siteName}! Please confirm your email address to finish setting up your coupon page.`
      : `We received a request to reset the password of your ${brand.siteName} account.`;
  const action = params.kind === 'verify_email' ? 'Verify email' : 'Set a new password';
  const expiry = params.kind === 'verify_email' ? 'This link expires in 48 hours.' : 'This link expires in 1 hour.';
  const { palette } = brand;
  const textBody = `${intro}\n\n${action}: ${link}\n\n${expiry}\n\n${brand.appName}`;
  const htmlBody = `<!doctype html><html><body style="font-family:sans-serif;color:${palette.text};background:${palette.surface};padding:24px">
<h1 style="color:${palette.primary}">${escapeHtml(brand.appName)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="background:${palette.primary};color:${palette.onPrimary};padding:10px 16px;text-decoration:none;border-radius:4px">${action}</a></p>
<p>${expiry}</p>
<p style="font-size:12px">If the button does not work, open ${escapeHtml(link)}</p>
</body></html>`;
  return { client: params.client, kind: params.kind, toAddress: params.to, subject, textBody, htmlBody };
}
