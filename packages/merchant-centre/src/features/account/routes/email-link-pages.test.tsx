import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readStoredUser } from '@cc/api';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

/** Answers the link's call after `release()`, recording the body it was sent. */
function answerLink(kind: 'confirm' | 'revert', answer: () => Response) {
  const sent: unknown[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(`*/api/v1/account/email/${kind}/`, async ({ request }) => {
      sent.push(await request.json());
      await released;
      return answer();
    }),
  );
  return { sent, release };
}

describe('/account/confirm-email', () => {
  it("a visitor: a spinner, then the server's message and the way to log in", async () => {
    const link = answerLink('confirm', () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChanged, email: 'new@acme.test' }),
    );
    renderApp('/account/confirm-email?token=tok-1');
    expect(
      (await screen.findByText('Following your link')).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailChanged)).toBeNull();
    link.release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeVisible();
    expect(link.sent).toEqual([{ token: 'tok-1' }]);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("signed in: the stored user's email becomes the new one", async () => {
    const link = answerLink('confirm', () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChanged, email: 'new@acme.test' }),
    );
    link.release();
    renderApp('/account/confirm-email?token=tok-2', { user: storedUser({ store: store() }) });
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeVisible();
    expect(readStoredUser()?.email).toBe('new@acme.test');
  });

  it("an expired link shows the server's message", async () => {
    const link = answerLink('confirm', () =>
      HttpResponse.json({ message: ACCOUNT_MESSAGES.emailChangeExpired }, { status: 400 }),
    );
    link.release();
    renderApp('/account/confirm-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailChangeExpired);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('without a token makes no call and says the link is not valid', async () => {
    renderApp('/account/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailChangeExpired);
  });
});

describe('/account/revert-email', () => {
  it('changes the email back, says so, and ends the session stored here too', async () => {
    const link = answerLink('revert', () =>
      HttpResponse.json({
        message: ACCOUNT_MESSAGES.emailChangeReverted,
        email: 'owner@acme.test',
      }),
    );
    link.release();
    renderApp('/account/revert-email?token=tok-3', { user: storedUser({ store: store() }) });
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChangeReverted)).toBeVisible();
    expect(link.sent).toEqual([{ token: 'tok-3' }]);
    expect(readStoredUser()).toBeNull();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Log in');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
