import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { account, accountHandlers, verificationMailAnswer } from '../../../testing/story-account';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const unverified = () => storedUser({ store: store(), email_verified: false });

/** The banner: the status that asks for the verification. */
async function findBanner() {
  const text = await screen.findByText(/Please verify your email address\./);
  return text.closest('[role="status"]') as HTMLElement;
}

describe('the email verification banner', () => {
  it('shows on every merchant screen while the email is not verified, naming the address', async () => {
    const { router } = renderApp('/my-store', { user: unverified() });
    const banner = await findBanner();
    expect(banner).toHaveTextContent(
      'Please verify your email address. We sent a link to owner@acme.test.',
    );
    expect(within(banner).getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    await router.navigate('/payment');
    expect(await screen.findByRole('heading', { name: 'PAYMENT DETAILS' })).toBeVisible();
    expect(await findBanner()).toBeVisible();
  });

  it('is not shown once the email is verified', async () => {
    renderApp('/my-store', { user: storedUser({ store: store() }) });
    expect(await screen.findByRole('button', { name: 'SAVE CHANGES' })).toBeVisible();
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });

  it('after a send the button waits, counting down to the time the server gives, then is enabled again', async () => {
    let sends = 0;
    server.use(
      http.post('*/api/v1/account/verification-email/', () => {
        sends += 1;
        return HttpResponse.json({
          message: ACCOUNT_MESSAGES.verificationSent,
          verification_resend_at: new Date(Date.now() + 2000).toISOString(),
        });
      }),
    );
    const { user } = renderApp('/my-store', { user: unverified() });
    const banner = within(await findBanner());
    await user.click(banner.getByRole('button', { name: 'Resend verification email' }));
    const waiting = await banner.findByRole('button', { name: /^Resend available in [12]s$/ });
    expect(waiting).toBeDisabled();
    expect(banner.getByText(ACCOUNT_MESSAGES.verificationSent)).toBeVisible();
    expect(sends).toBe(1);
    expect(await banner.findByRole('button', { name: 'Resend available in 1s' })).toBeDisabled();
    expect(await banner.findByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it('when the server answers 429 the button waits for the time in its answer', async () => {
    server.use(verificationMailAnswer({ isTooSoon: true, seconds: 45 }));
    const { user } = renderApp('/payment', { user: unverified() });
    const banner = within(await findBanner());
    await user.click(banner.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await banner.findByRole('button', { name: /^Resend available in (44|45)s$/ }),
    ).toBeDisabled();
    expect(banner.getByText(ACCOUNT_MESSAGES.verificationTooSoon)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on /account it follows the Account answer: the wait it gives, and no banner once verified there', async () => {
    server.use(
      ...Object.values(
        accountHandlers(
          account({
            email_verified: false,
            verification_resend_at: new Date(Date.now() + 30_000).toISOString(),
          }),
        ),
      ),
    );
    const first = renderApp('/account', { user: unverified() });
    const banner = within(await findBanner());
    expect(
      await banner.findByRole('button', { name: /^Resend available in (29|30)s$/ }),
    ).toBeDisabled();
    first.unmount();
    server.use(...Object.values(accountHandlers(account({ email_verified: true }))));
    renderApp('/account', { user: unverified() });
    expect(await screen.findByText('Verified')).toBeVisible();
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });
});
