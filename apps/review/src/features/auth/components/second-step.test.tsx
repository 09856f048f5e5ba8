import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readSession } from '../session';
import {
  queueOf,
  renderConsole,
  reviewStore,
  STAFF,
  storeDetails,
} from '../../../testing/render-console';
import {
  codeChallenge,
  enrolChallenge,
  RECOVERY_CODES,
  staffTokens,
} from '../../../testing/console-fixtures';
import { server } from '../../../testing/server';

/** The console's sign-in answered with `challenge`; the second step's bodies are recorded and answered by `answer`. */
function answering(challenge: object, answer: (body: Record<string, string>) => Response) {
  const sent: Record<string, string>[] = [];
  const logins: unknown[] = [];
  server.use(
    http.post('*/api/v1/auth/email-login/', async ({ request }) => {
      logins.push(await request.json());
      return HttpResponse.json(challenge);
    }),
    http.post('*/api/v1/auth/second-factor/', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push(body);
      return answer(body);
    }),
    http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf(reviewStore()))),
    storeDetails(reviewStore()),
  );
  return { sent, logins };
}

async function signIn(user: ReturnType<typeof renderConsole>['user']) {
  await user.type(screen.getByLabelText(/^Email/), STAFF.email);
  await user.type(screen.getByLabelText(/^Password/), 'staff1234');
  await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
}

describe('staff two-step sign-in', () => {
  it('enrols an app at the first sign-in: QR code and key, a confirmed code, the recovery codes once, then the console', async () => {
    const { sent, logins } = answering(enrolChallenge(), (body) =>
      body.code === '123456'
        ? HttpResponse.json({ ...staffTokens(), recovery_codes: RECOVERY_CODES })
        : HttpResponse.json({ code: ['This code is not correct.'] }, { status: 400 }),
    );
    const { user } = renderConsole();
    await signIn(user);
    expect(logins).toEqual([
      { email: STAFF.email, password: 'staff1234', siteId: 7, accepts_second_factor: true },
    ]);
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Key for your authenticator app')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText('This code is not correct.')).toBeVisible();
    expect(readSession()).toBeNull();

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'CONFIRM' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    // No session in the tab until the codes were seen.
    expect(readSession()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I have saved them: open the console' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(readSession()).toEqual(STAFF);
    expect(sent).toEqual([
      { challenge: 'enrol-1', code: '000000' },
      { challenge: 'enrol-1', code: '123456' },
    ]);
  });

  it('asks an enrolled staff member for the code, or a recovery code, before the console opens', async () => {
    const { sent } = answering(codeChallenge(), (body) =>
      body.recovery_code === 'abcde-fghjk'
        ? HttpResponse.json(staffTokens())
        : HttpResponse.json({ code: ['This code is not correct.'] }, { status: 400 }),
    );
    const { user } = renderConsole();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByText('This code is not correct.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(sent.at(-1)).toEqual({ challenge: 'code-1', recovery_code: 'abcde-fghjk' });
  });

  it('says so when sign-in is locked, and goes back to the password when the challenge expired', async () => {
    const locked = 'Too many wrong codes. Sign-in is locked for 15 minutes.';
    let status = 429;
    answering(codeChallenge(), () =>
      status === 429
        ? HttpResponse.json({ message: locked }, { status })
        : HttpResponse.json({ message: 'Your sign-in has expired. Sign in again.' }, { status }),
    );
    const { user } = renderConsole();
    await signIn(user);
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByText(locked)).toBeVisible();
    status = 401;
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeVisible();
    expect(screen.getByText('Your sign-in has expired. Sign in again.')).toBeVisible();
  });
});
