import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveTokens } from '@cc/api';
import { PASSKEY_MESSAGES, type Passkey } from '@cc/contract';
import { storedUser, tokens } from '../../../testing/fixtures';
import { renderAccountSection } from '../../../testing/render-account-section';
import { server } from '../../../testing/server';
import { PasskeysSection } from './passkeys-section';
import { fakeCeremony, LAPTOP, passkeyHandlers, PHONE } from '../../../testing/story-passkeys';

function signedIn(list: Passkey[] = [LAPTOP, PHONE], ceremony = fakeCeremony()) {
  server.use(...Object.values(passkeyHandlers(list)));
  saveTokens(tokens('access-7'));
  return renderAccountSection(
    <PasskeysSection ceremony={ceremony} />,
    storedUser({ token: 'access-7' }),
  );
}

const section = async () =>
  within(
    (await screen.findByRole('heading', { name: PASSKEY_MESSAGES.sectionTitle })).closest(
      'section',
    ) as HTMLElement,
  );

describe('Passkeys', () => {
  it('lists each passkey with when it was added and last used', async () => {
    signedIn();
    const card = await section();
    const rows = within(
      await card.findByRole('list', { name: PASSKEY_MESSAGES.sectionTitle }),
    ).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Work laptop',
      'Phone',
    ]);
    expect(rows[0]).toHaveTextContent(/Added 2025-11-0\d/);
    expect(rows[0]).toHaveTextContent(/Last used 2025-11-(19|20)/);
    expect(rows[1]).toHaveTextContent(PASSKEY_MESSAGES.neverUsed);
  });

  it('adds one after the password: a wrong password under its field, then the new passkey in the list', async () => {
    const { user } = signedIn([]);
    const card = await section();
    expect(await card.findByText(PASSKEY_MESSAGES.none)).toBeVisible();
    await user.click(card.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    await user.clear(card.getByLabelText(PASSKEY_MESSAGES.nameLabel));
    await user.type(card.getByLabelText(PASSKEY_MESSAGES.nameLabel), 'Desk key');
    await user.type(card.getByLabelText(PASSKEY_MESSAGES.passwordLabel), 'wrong');
    await user.click(card.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    expect(await card.findByText(PASSKEY_MESSAGES.wrongPassword)).toBeVisible();
    await user.clear(card.getByLabelText(PASSKEY_MESSAGES.passwordLabel));
    await user.type(card.getByLabelText(PASSKEY_MESSAGES.passwordLabel), 'demo1234');
    await user.click(card.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    expect(await card.findByText(PASSKEY_MESSAGES.added)).toBeVisible();
    expect(await card.findByText('Desk key')).toBeVisible();
  });

  it('says so when the browser prompt is closed, and adds nothing', async () => {
    const { user } = signedIn([], fakeCeremony({ cancels: true }));
    const card = await section();
    await user.click(await card.findByRole('button', { name: PASSKEY_MESSAGES.add }));
    await user.type(card.getByLabelText(PASSKEY_MESSAGES.passwordLabel), 'demo1234');
    await user.click(card.getByRole('button', { name: PASSKEY_MESSAGES.add }));
    expect(await card.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.cancelled);
    expect(card.getByText(PASSKEY_MESSAGES.none)).toBeVisible();
  });

  it('renames one in place, and removes one only after the confirmation', async () => {
    const { user } = signedIn();
    const card = await section();
    await user.click(await card.findByRole('button', { name: 'Rename Phone' }));
    await user.clear(card.getByLabelText(PASSKEY_MESSAGES.nameLabel));
    await user.type(card.getByLabelText(PASSKEY_MESSAGES.nameLabel), 'Old phone');
    await user.click(card.getByRole('button', { name: PASSKEY_MESSAGES.save }));
    expect(await card.findByText(PASSKEY_MESSAGES.renamed)).toBeVisible();
    expect(await card.findByText('Old phone')).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Remove Old phone' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: PASSKEY_MESSAGES.cancel }));
    expect(card.getByText('Old phone')).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Remove Old phone' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: PASSKEY_MESSAGES.remove,
      }),
    );
    expect(await card.findByText(PASSKEY_MESSAGES.removed)).toBeVisible();
    expect(card.queryByText('Old phone')).toBeNull();
  });
});
