import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readCookie, readStoredUser, saveTokens } from '@cc/api';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import { storedUser, tokens } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { DeleteAccountSection } from './delete-account-section';
import { renderAccountSection } from '../../../testing/render-account-section';

function signedIn() {
  saveTokens(tokens('access-7'));
  return renderAccountSection(<DeleteAccountSection />, storedUser({ token: 'access-7' }));
}

async function openDialog(user: ReturnType<typeof signedIn>['user']) {
  const heading = await screen.findByRole('heading', { name: 'Delete account' });
  await user.click(
    within(heading.closest('section') as HTMLElement).getByRole('button', {
      name: 'Delete my account',
    }),
  );
  return within(await screen.findByRole('alertdialog', { name: 'Delete your account?' }));
}

describe('Delete account', () => {
  it('says what is deleted and that invoices are kept, as the law requires', async () => {
    signedIn();
    const section = within(
      (await screen.findByRole('heading', { name: 'Delete account' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(section.getByText(/deletes your store page, your coupons/)).toBeVisible();
    expect(section.getByText(/We keep your invoices, as the law requires/)).toBeVisible();
  });

  it("shows the server's field errors under their fields, and going back closes the dialog with nothing deleted", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/account/delete/', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        return body.password === 'wrong'
          ? HttpResponse.json(
              { password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
              { status: 400 },
            )
          : HttpResponse.json(
              { confirmation: [ACCOUNT_MESSAGES.deleteConfirmationWrong] },
              { status: 400 },
            );
      }),
    );
    const { user, router } = signedIn();
    let dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Password'), 'wrong');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await dialog.findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
    expect(dialog.getByLabelText('Password')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    );
    expect(bodies).toEqual([{ password: 'wrong', confirmation: 'DELETE' }]);

    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'demo1234');
    await user.clear(dialog.getByLabelText('Type DELETE to confirm'));
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await dialog.findByText(ACCOUNT_MESSAGES.deleteConfirmationWrong)).toBeVisible();
    expect(dialog.getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(
      ACCOUNT_MESSAGES.deleteConfirmationWrong,
    );
    expect(dialog.queryByText(ACCOUNT_MESSAGES.currentPasswordWrong)).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(readStoredUser()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/account');
    // Opened again, the dialog starts empty.
    dialog = await openDialog(user);
    expect(dialog.getByLabelText('Password')).toHaveValue('');
    expect(dialog.queryByText(ACCOUNT_MESSAGES.deleteConfirmationWrong)).not.toBeInTheDocument();
  });

  it('shows a failure that names no field in the dialog, which stays open', async () => {
    server.use(
      http.post('*/api/v1/account/delete/', () =>
        HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }),
      ),
    );
    const { user } = signedIn();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Password'), 'demo1234');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(readStoredUser()).not.toBeNull();
  });

  it('on success clears the session as sign-out does, goes to the landing page and says the account was deleted', async () => {
    let call: { body: unknown; authorization: string | null } | undefined;
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/v1/account/delete/', async ({ request }) => {
        call = { body: await request.json(), authorization: request.headers.get('authorization') };
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ message: ACCOUNT_MESSAGES.accountDeleted });
      }),
    );
    const { user, router, store } = signedIn();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Password'), 'demo1234');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await dialog.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountDeleted)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(call).toEqual({
      body: { password: 'demo1234', confirmation: 'DELETE' },
      authorization: 'Bearer access-7',
    });
    await waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(readStoredUser()).toBeNull();
    expect(readCookie('cc_token')).toBeNull();
  });
});
