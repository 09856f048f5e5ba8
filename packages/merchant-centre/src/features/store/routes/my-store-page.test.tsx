import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENTS } from '@cc/config';
import { MESSAGES } from '@cc/contract';
import { NO_URL_MESSAGE } from '@cc/api';
import { expectAlertToHideAfter10Seconds } from '../../../testing/auto-hide';
import { renderApp } from '../../../testing/render-app';
import { me, store, storedUser } from '../../../testing/fixtures';
import { page, plan } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';
import { readImageSize } from '../hooks/read-image-size';

vi.mock('../hooks/read-image-size', () => ({ readImageSize: vi.fn() }));
const imageSize = vi.mocked(readImageSize);

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => vi.useRealTimers());

beforeEach(() => {
  imageSize.mockResolvedValue({ width: 120, height: 40 });
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page([]))),
  );
});

function logoFile() {
  return new File(['png'], 'logo.png', { type: 'image/png' });
}

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Store Name/), 'Joe’s Shoes & Co.');
  await user.type(screen.getByLabelText(/^Website URL/), 'joes.test');
  await user.type(screen.getByLabelText(/^Email/), 'joe@joes.test');
}

describe('/my-store without a store', () => {
  it("is 'ADD YOUR STORE TO {site}' with both sections and CREATE YOUR STORE", async () => {
    renderApp('/my-store', { user: storedUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ADD YOUR STORE TO VoucherNest.co.uk' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'YOUR STORE INFORMATION' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'CONTACT INFORMATION' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'CREATE YOUR STORE' })).toBeVisible();
    expect(screen.queryByText(/being reviewed/)).not.toBeInTheDocument();
  });

  it('requires name, url and email, and a valid email; first and last name are optional', async () => {
    const { user } = renderApp('/my-store', { user: storedUser() });
    await user.click(await screen.findByRole('button', { name: 'CREATE YOUR STORE' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
    await user.type(screen.getByLabelText(/^Website URL/), 'not a url');
    expect(await screen.findByText('Enter a valid URL.')).toBeVisible();
    expect(screen.getByLabelText('First Name')).not.toBeRequired();
    expect(screen.getByLabelText('Last Name')).not.toBeRequired();
  });

  it('creates the store with the brand client, slug suffix, location and category, http:// added, then goes to /payment', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/stores/', async ({ request }) => {
        body = await request.json();
        server.use(
          http.get('*/api/v1/auth/me/', () =>
            HttpResponse.json(me({ store: store({ client: 10 }) })),
          ),
        );
        return HttpResponse.json(store({ client: 10 }), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/my-store', { user: storedUser(), config: CLIENTS[10] });
    await fillRequired(user);
    expect(screen.getByText('Your page: /stores/joes-shoes-co-discount-codes')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR STORE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(body).toEqual({
      name: 'Joe’s Shoes & Co.',
      contact_first_name: '',
      contact_last_name: '',
      contact_email: 'joe@joes.test',
      logo_url: '',
      website_url: 'http://joes.test',
      affiliate_website_url: '',
      client: 10,
      slug: 'joes-shoes-co-discount-codes',
      location: 'uk',
      primary_category: 1536,
    });
  });

  it('puts server field errors on their fields', async () => {
    server.use(
      http.post('*/api/v1/stores/', () =>
        HttpResponse.json(
          { website_url: ['Enter a valid URL.'], slug: ['A store with this slug already exists.'] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR STORE' }));
    expect(await screen.findByText('Enter a valid URL.')).toBeVisible();
    expect(screen.getByText('A store with this slug already exists.')).toBeVisible();
    expect(screen.getByLabelText(/^Website URL/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows a failed save's message above CREATE YOUR STORE and hides it after 10 seconds", async () => {
    server.use(
      http.post('*/api/v1/stores/', () =>
        HttpResponse.json({ message: 'Stores are resting' }, { status: 500 }),
      ),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderApp('/my-store', { user: storedUser() });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR STORE' }));
    await expectAlertToHideAfter10Seconds('Stores are resting');
  });
});

describe('/my-store logo', () => {
  it("shows the server's answer about the saved logo under the logo, and clears it with a new upload", async () => {
    const gone = MESSAGES.logoUnavailable;
    server.use(
      http.post('*/api/v1/uploads/image/upload', () =>
        HttpResponse.json({
          secure_url: 'https://cdn.test/new.png',
          url: 'https://cdn.test/new.png',
        }),
      ),
      http.post('*/api/v1/stores/', () => HttpResponse.json({ logo_url: [gone] }, { status: 400 })),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR STORE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(gone);
    expect(screen.getByLabelText('Logo')).toHaveAttribute('aria-invalid', 'true');
    await user.upload(screen.getByLabelText('Logo'), logoFile());
    await screen.findByRole('img', { name: /logo preview/ });
    await waitFor(() => expect(screen.queryByText(gone)).not.toBeInTheDocument());
  });

  it('uploads a 120x40 logo with the brand preset, previews it, and removes it', async () => {
    let preset: FormDataEntryValue | null = null;
    server.use(
      http.post('*/api/v1/uploads/image/upload', async ({ request }) => {
        preset = (await request.formData()).get('upload_preset');
        return HttpResponse.json({
          secure_url: 'https://cdn.test/logo.png',
          url: 'https://cdn.test/logo.png',
        });
      }),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    await user.upload(await screen.findByLabelText('Logo'), logoFile());
    const preview = await screen.findByRole('img', { name: /logo preview/ });
    expect(preview).toHaveAttribute('src', 'https://cdn.test/logo.png');
    expect(preset).toBe('vouchernest-logos');
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: /logo preview/ })).not.toBeInTheDocument();
  });

  it('rejects a logo only when both width and height differ from 120x40', async () => {
    let uploads = 0;
    server.use(
      http.post('*/api/v1/uploads/image/upload', () => {
        uploads += 1;
        return HttpResponse.json({ secure_url: 'https://cdn.test/wide.png' });
      }),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    imageSize.mockResolvedValueOnce({ width: 200, height: 80 });
    await user.upload(await screen.findByLabelText('Logo'), logoFile());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Logo image should be 120x40px image.',
    );
    expect(uploads).toBe(0);
    imageSize.mockResolvedValueOnce({ width: 120, height: 80 });
    await user.upload(screen.getByLabelText('Logo'), logoFile());
    expect(await screen.findByRole('img', { name: /logo preview/ })).toHaveAttribute(
      'src',
      'https://cdn.test/wide.png',
    );
    expect(uploads).toBe(1);
  });

  it("shows 'Upload failed with status {n}' and the no-URL message", async () => {
    server.use(
      http.post('*/api/v1/uploads/image/upload', () => HttpResponse.json({}, { status: 413 })),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    await user.upload(await screen.findByLabelText('Logo'), logoFile());
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed with status 413');
    server.use(http.post('*/api/v1/uploads/image/upload', () => HttpResponse.json({})));
    await user.upload(screen.getByLabelText('Logo'), logoFile());
    expect(await screen.findByText(NO_URL_MESSAGE)).toBeVisible();
  });
});

describe('/my-store with a store', () => {
  it('shows the store, the pending-review banner and SAVE CHANGES; saves with PUT', async () => {
    const sent = { url: '', body: {} as unknown };
    server.use(
      http.put('*/api/v1/stores/:slug', async ({ request }) => {
        sent.url = request.url;
        sent.body = await request.json();
        return HttpResponse.json(store({ name: 'Acme Two' }));
      }),
    );
    const { user } = renderApp('/my-store', { user: storedUser({ store: store() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Store' })).toBeVisible();
    // The banner is a status (the billing details' loading spinner may be one too).
    expect(
      screen.getByText('Your store page is being reviewed').closest('[role="status"]'),
    ).toBeVisible();
    expect(screen.getByLabelText(/Store Name/)).toHaveValue('Acme');
    const name = screen.getByLabelText(/Store Name/);
    await user.clear(name);
    await user.type(name, 'Acme Two');
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    expect(await screen.findByText('Changes saved successfully')).toBeVisible();
    expect(sent.url).toContain('/api/v1/stores/acme-voucher-codes?id=5&client=7');
    expect(sent.body).toMatchObject({
      name: 'Acme Two',
      website_url: 'https://acme.test',
      contact_email: 'owner@acme.test',
    });
  });

  it('shows the decline reason of a declined store', async () => {
    renderApp('/my-store', {
      user: storedUser({ store: store({ declined: true, decline_reason: 'Logo is blurry' }) }),
    });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Your store page was declined')).toBeVisible();
    expect(within(banner).getByText('Logo is blurry')).toBeVisible();
  });

  it('shows no banner once the store is approved', async () => {
    renderApp('/my-store', { user: storedUser({ store: store({ is_approved: true }) }) });
    expect(await screen.findByRole('button', { name: 'SAVE CHANGES' })).toBeVisible();
    expect(screen.queryByText(/being reviewed/)).not.toBeInTheDocument();
  });
});
