import type { ClientId } from '@cc/config';
import type { OptionalMailKind } from '@cc/contract';
import { BrandPage } from '../core/render/brand-page';
import { renderPage } from '../core/render/html';
import { couponNouns } from './compose';
import type { UnsubscribeTarget } from './preferences';

/** The mails each kind stands for, as the pages name them. */
export function kindName(kind: OptionalMailKind, client: ClientId): string {
  const { nouns } = couponNouns(client);
  if (kind === 'expiring_coupons') return `emails about ${nouns} that expire soon`;
  if (kind === 'expired_coupons') return `emails about expired ${nouns}`;
  return 'weekly summary emails';
}

/** GET: asks to confirm (a link checker opening the URL changes nothing); the button posts one-click. */
export function confirmPage(target: UnsubscribeTarget, token: string): string {
  const what = kindName(target.kind, target.client);
  return renderPage(
    <BrandPage client={target.client} title="Unsubscribe">
      <h1>Unsubscribe</h1>
      <p>
        Stop {what} for {target.storeName}?
      </p>
      <form method="post" action={`/api/v1/mail/unsubscribe?token=${encodeURIComponent(token)}`}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>
      <p className="hint">You can turn them back on under Email notifications on My Store.</p>
    </BrandPage>,
  );
}

/** After the POST: what was turned off, and where to turn it back on. */
export function donePage(target: UnsubscribeTarget, origin: string): string {
  const what = kindName(target.kind, target.client);
  return renderPage(
    <BrandPage client={target.client} title="Unsubscribed">
      <h1>You are unsubscribed</h1>
      <p className="ok" role="status">
        We will not send {what} for {target.storeName} any more.
      </p>
      <a className="button" href={`${origin}/my-store`}>
        Email notifications on My Store
      </a>
    </BrandPage>,
  );
}

/** A token that is malformed, signed for something else, or names a store that is gone. */
export function invalidPage(client: ClientId): string {
  return renderPage(
    <BrandPage client={client} title="Link not valid">
      <h1>This unsubscribe link is not valid</h1>
      <p>Sign in and change your email notifications on My Store.</p>
    </BrandPage>,
  );
}
