import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENTS } from '@cc/config';
import { readStoredUser } from '@cc/api';
import { MESSAGES } from '@cc/contract';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { me, tokens } from '../../../testing/fixtures';
import { server } from '../../../testing/server';

afterEach(() => vi.useRealTimers());

describe('/register', () => {
  it("is 'Create your coupon page' with email, password, the privacy-policy link and NEXT", async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create your coupon page' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
    const form = within(screen.getByRole('form', { name: 'Create your coupon page' }));
    expect(form.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      CLIENTS[7].privacyPolicyUrl,
    );
    expect(screen.getByRole('button', { name: 'NEXT' })).toBeVisible();
  });

  it("says that creating an account agrees to the brand's Terms and Privacy policy, each once and in a new tab", async () => {
    renderApp('/register', { config: CLIENTS[8] });
    const form = within(await screen.findByRole('form', { name: 'Create your coupon page' }));
    expect(form.getByText(/By creating an account you agree to the/)).toHaveTextContent(
      'By creating an account you agree to the Terms and Privacy policy.',
    );
    const terms = form.getByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('href', CLIENTS[8].termsUrl);
    expect(form.getAllByRole('link', { name: 'Privacy policy' })).toHaveLength(1);
    for (const link of [terms, form.getByRole('link', { name: 'Privacy policy' })]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(form.queryByRole('link', { name: 'privacy policy' })).toBeNull();
  });

  it("requires a valid email and a password of at least 6 characters, in the server's words", async () => {
    const { user } = renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'NEXT' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'owner@acme');
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.tab();
    expect(await screen.findByText('Password should be at least 6 characters long')).toBeVisible();
  });

  it("a 409 gives 'A user with this email already exists'", async () => {
    server.use(
      http.post('*/api/v1/auth/email-register/', () =>
        HttpResponse.json({ message: 'dup' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'taken@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A user with this email already exists',
    );
  });

  it("hides 'A user with this email already exists' after 10 seconds", async () => {
    server.use(
      http.post('*/api/v1/auth/email-register/', () =>
        HttpResponse.json({ message: 'dup' }, { status: 409 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'taken@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await expectAlertToHideAfter10Seconds('A user with this email already exists');
  });

  it('puts a 400 field error under its field', async () => {
    server.use(
      http.post('*/api/v1/auth/email-register/', () =>
        HttpResponse.json({ email: ['enter a valid email address.'] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'nope@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
  });

  it("shows 'This password is too common.' under the password field when the server refuses a common one", async () => {
    server.use(
      http.post('*/api/v1/auth/email-register/', () =>
        HttpResponse.json({ password: [MESSAGES.passwordTooCommon] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.test');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    expect(await screen.findByText('This password is too common.')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common.') as string,
    );
  });

  it('sends type 2, the site id and N/A names; on 201 fetches the user and opens /my-store', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/email-register/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(tokens('new-user'), { status: 201 });
      }),
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json(me({ email: 'new@acme.test', client: 10 })),
      ),
    );
    const { user, router } = renderApp('/register', { config: CLIENTS[10] });
    await user.type(await screen.findByLabelText('Email'), 'new@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-store'));
    expect(body).toEqual({
      email: 'new@acme.test',
      password: 'secret1',
      siteId: 10,
      type: 2,
      first_name: 'N/A',
      last_name: 'N/A',
    });
    await waitFor(() => expect(readStoredUser()?.id).toBe(11));
    expect(
      await screen.findByRole('heading', { name: 'ADD YOUR STORE TO DiscountDen.com' }),
    ).toBeVisible();
  });
});
