import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { saveTokens } from '@cc/api';
import { SECOND_FACTOR_MESSAGES, type SecondFactorStatus } from '@cc/contract';
import { apiPath } from '../../../testing/api-handlers';
import { storedUser, tokens } from '../../../testing/fixtures';
import { renderAccountSection } from '../../../testing/render-account-section';
import { server } from '../../../testing/server';
import {
  RECOVERY_CODES,
  secondFactorHandlers,
  statusOff,
  statusOn,
} from '../../../testing/story-second-factor';
import { TwoStepSection } from './two-step-section';

/** The section signed in, its calls answered by the story handlers; the status follows what the calls did. */
function signedIn(initial: SecondFactorStatus) {
  let status = initial;
  const handlers = secondFactorHandlers(initial);
  const sent: { url: string; body: unknown }[] = [];
  const recorded = (handler: (typeof handlers)['confirm'], after: () => void) =>
    http.post(handler.info.path, async ({ request }) => {
      sent.push({
        url: new URL(request.url).pathname,
        body: await request
          .clone()
          .json()
          .catch(() => null),
      });
      const response = await handler
        .run({ request, requestId: crypto.randomUUID() })
        .then((result) => result?.response);
      if (response?.ok) after();
      return response ?? HttpResponse.error();
    });
  server.use(
    http.get(apiPath('account/second-factor/'), () => HttpResponse.json(status)),
    handlers.setup,
    recorded(handlers.confirm, () => (status = { ...statusOn, recovery_codes_left: 10 })),
    recorded(handlers.recoveryCodes, () => undefined),
    recorded(handlers.disable, () => (status = statusOff)),
  );
  saveTokens(tokens('access-7'));
  const view = renderAccountSection(<TwoStepSection />, storedUser({ token: 'access-7' }));
  return { ...view, sent };
}

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Two-step sign-in' })).closest(
      'section',
    ) as HTMLElement,
  );

describe('Two-step sign-in', () => {
  it('turns on: the QR code and the key, a wrong code under the field, then the ten recovery codes shown once', async () => {
    const { user, sent } = signedIn(statusOff);
    const card = await section();
    await user.click(await card.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(
      await card.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(card.getByLabelText('Key for your authenticator app')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.type(card.getByLabelText('Code from the app'), '000000');
    await user.click(card.getByRole('button', { name: 'Turn on' }));
    expect(await card.findByText(SECOND_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    expect(card.getByLabelText('Code from the app')).toHaveAccessibleDescription(
      SECOND_FACTOR_MESSAGES.wrongCode,
    );

    await user.clear(card.getByLabelText('Code from the app'));
    await user.type(card.getByLabelText('Code from the app'), '123456{Enter}');
    const list = await card.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(sent.map((call) => call.body)).toEqual([{ code: '000000' }, { code: '123456' }]);

    await user.click(card.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await card.findByText(/Two-step sign-in is on since 2025-11-02/)).toBeVisible();
    expect(card.getByText(/10 of 10 recovery codes left/)).toBeVisible();
    expect(card.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('makes new recovery codes with a current code, and asks for the password or a code first', async () => {
    const { user, sent } = signedIn(statusOn);
    const card = await section();
    expect(await card.findByText(/7 of 10 recovery codes left/)).toBeVisible();
    await user.click(card.getByRole('button', { name: 'New recovery codes' }));
    expect(await card.findByRole('alert')).toHaveTextContent(SECOND_FACTOR_MESSAGES.passwordOrCode);
    expect(sent).toEqual([]);

    await user.type(card.getByLabelText('Or a code from the app'), '123456');
    await user.click(card.getByRole('button', { name: 'New recovery codes' }));
    expect(await card.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    expect(sent).toEqual([
      { url: '/api/v1/account/second-factor/recovery-codes/', body: { code: '123456' } },
    ]);
  });

  it('turns off with the password; a wrong one shows under its field', async () => {
    const { user, sent } = signedIn(statusOn);
    const card = await section();
    await user.type(await card.findByLabelText('Password'), 'not-it');
    await user.click(card.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await card.findByText(SECOND_FACTOR_MESSAGES.wrongPassword)).toBeVisible();

    await user.clear(card.getByLabelText('Password'));
    await user.type(card.getByLabelText('Password'), 'demo1234');
    await user.click(card.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await card.findByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        url: '/api/v1/account/second-factor/disable/',
        body: { password: 'demo1234' },
      }),
    );
  });

  it('offers no way to turn it off where it is required (staff)', async () => {
    signedIn({ ...statusOn, required: true });
    const card = await section();
    expect(await card.findByRole('button', { name: 'New recovery codes' })).toBeVisible();
    expect(
      card.queryByRole('button', { name: 'Turn off two-step sign-in' }),
    ).not.toBeInTheDocument();
  });
});
