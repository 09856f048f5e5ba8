import type { ReactElement } from 'react';
import { getClientConfig, type ClientId } from '@cc/config';
import type { NewMail } from './repository';
import { renderPage } from '../core/render/html';

export type MailKind = 'verify_email' | 'password_reset';

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
    params.kind === 'verify_email'
      ? `Verify your email for ${brand.siteName}`
      : `Reset your ${brand.siteName} password`;
  const intro =
    params.kind === 'verify_email'
      ? `Welcome to ${brand.siteName}! Please confirm your email address to finish setting up your coupon page.`
      : `We received a request to reset the password of your ${brand.siteName} account.`;
  const action = params.kind === 'verify_email' ? 'Verify email' : 'Set a new password';
  const expiry =
    params.kind === 'verify_email'
      ? 'This link expires in 48 hours.'
      : 'This link expires in 1 hour.';
  const textBody = `${intro}\n\n${action}: ${link}\n\n${expiry}\n\n${brand.appName}`;
  const htmlBody = brandMailHtml({
    client: params.client,
    before: [{ text: intro }],
    link,
    action,
    after: [{ text: expiry }],
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

/** A paragraph of a brand mail; `label` is set in bold before it. */
export type MailParagraph = { label?: string; text: string };

/** The small print under a mail's paragraphs: a sentence and a link (e.g. Unsubscribe). */
export type MailFooter = { text: string; link: string; label: string };

function Paragraph({ label, text }: MailParagraph): ReactElement {
  return (
    <p>
      {label ? <strong>{label}</strong> : null}
      {label ? ' ' : null}
      {text}
    </p>
  );
}

/**
 * The HTML of every brand mail: the brand's name, the paragraphs before the one
 * button, the paragraphs after it, the link spelled out for mail clients that
 * hide buttons, and an optional footer. Mail clients take inline styles only.
 */
export function brandMailHtml(params: {
  client: ClientId;
  before: MailParagraph[];
  link: string;
  action: string;
  after?: MailParagraph[];
  footer?: MailFooter | undefined;
}): string {
  const { appName, palette } = getClientConfig(params.client);
  const small = { fontSize: 12 };
  return renderPage(
    <html>
      <body
        style={{
          fontFamily: 'sans-serif',
          color: palette.text,
          background: palette.surface,
          padding: 24,
        }}
      >
        <h1 style={{ color: palette.primary }}>{appName}</h1>
        {params.before.map((paragraph, index) => (
          <Paragraph key={index} {...paragraph} />
        ))}
        <p>
          <a
            href={params.link}
            style={{
              background: palette.primary,
              color: palette.onPrimary,
              padding: '10px 16px',
              textDecoration: 'none',
              borderRadius: 4,
            }}
          >
            {params.action}
          </a>
        </p>
        {(params.after ?? []).map((paragraph, index) => (
          <Paragraph key={index} {...paragraph} />
        ))}
        <p style={small}>If the button does not work, open {params.link}</p>
        {params.footer ? (
          <p style={small}>
            {params.footer.text} <a href={params.footer.link}>{params.footer.label}</a>
          </p>
        ) : null}
      </body>
    </html>,
  );
}

/** The confirmation that an account was deleted, to its address: what went, what is kept, and the way back. */
export function accountDeletedMail(params: {
  client: ClientId;
  origin: string;
  to: string;
  storeName: string | null;
}): NewMail {
  const brand = getClientConfig(params.client);
  const subject = `Your ${brand.siteName} account was deleted`;
  const gone = params.storeName
    ? `Your ${brand.siteName} account and the store page of ${params.storeName} were deleted, with its coupons, their counts and every signed-in device. Any subscription was cancelled at once.`
    : `Your ${brand.siteName} account was deleted, with every signed-in device.`;
  const kept =
    'Invoices already issued are kept for six years, as tax law requires; nothing else of the account is kept.';
  const back = `You are welcome back at any time with the same address.`;
  const link = `${params.origin}/register`;
  const action = 'Create your coupon page';
  const textBody = `${gone}\n\n${kept}\n\n${back}\n\n${action}: ${link}\n\n${brand.appName}`;
  const htmlBody = brandMailHtml({
    client: params.client,
    before: [{ text: gone }, { text: kept }, { text: back }],
    link,
    action,
  });
  return {
    client: params.client,
    kind: 'account_deleted',
    toAddress: params.to,
    subject,
    textBody,
    htmlBody,
  };
}
