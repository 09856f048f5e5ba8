import { configure, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountHandlers } from '../testing/story-account';
import { store, storedUser } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { server } from '../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

type Field = { label: string; autocomplete: 'current-password' | 'new-password' };

/** Each field hides what is typed, tells a password manager what it holds, and takes a paste. */
async function expectPasswordFields(
  user: ReturnType<typeof renderApp>['user'],
  fields: Field[],
  form?: string,
) {
  const scope =
    form === undefined ? screen : within(await screen.findByRole('form', { name: form }));
  for (const { label, autocomplete } of fields) {
    const input = await scope.findByLabelText(label, { selector: 'input' });
    expect(input, label).toHaveAttribute('type', 'password');
    expect(input, label).toHaveAttribute('autocomplete', autocomplete);
    await user.click(input);
    await user.paste('pasted from a password manager');
    expect(input, label).toHaveValue('pasted from a password manager');
  }
}

describe('password fields', () => {
  it.each<[string, Field[]]>([
    ['/login', [{ label: 'Password', autocomplete: 'current-password' }]],
    ['/register', [{ label: 'Password', autocomplete: 'new-password' }]],
    [
      '/auth/set-password?token=abc',
      [
        { label: 'Password', autocomplete: 'new-password' },
        { label: 'Confirm password', autocomplete: 'new-password' },
      ],
    ],
  ])('on %s are masked, named for password managers, and take a paste', async (path, fields) => {
    const { user } = renderApp(path);
    await expectPasswordFields(user, fields);
  });

  it("on /account's password change are masked, named for password managers, and take a paste", async () => {
    server.use(...Object.values(accountHandlers()));
    const { user } = renderApp('/account', { user: storedUser({ store: store() }) });
    await expectPasswordFields(
      user,
      [
        { label: 'Current password', autocomplete: 'current-password' },
        { label: 'New password', autocomplete: 'new-password' },
        { label: 'Confirm new password', autocomplete: 'new-password' },
      ],
      'Change password',
    );
  });
});
