import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@cc/contract';
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

/** Every upload the screen makes: its `fit` field (null without one) and whether it sent a file. */
let uploads: { fit: FormDataEntryValue | null; hasFile: boolean }[];

beforeEach(() => {
  uploads = [];
  imageSize.mockResolvedValue({ width: 300, height: 100 });
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page([]))),
    http.post('*/api/v1/uploads/image/upload', async ({ request }) => {
      const form = await request.formData();
      uploads.push({ fit: form.get('fit'), hasFile: form.has('file') });
      return HttpResponse.json({
        secure_url: 'https://cdn.test/fitted.png',
        url: 'https://cdn.test/fitted.png',
      });
    }),
  );
});

const wideLogo = () => new File(['png'], 'wide.png', { type: 'image/png' });
const fitButton = () => screen.queryByRole('button', { name: 'Fit to 120×40' });

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/Store Name/), 'Wide Logos');
  await user.type(screen.getByLabelText(/^Website URL/), 'wide.test');
  await user.type(screen.getByLabelText(/^Email/), 'joe@wide.test');
}

describe('/my-store logo that is not 120x40', () => {
  it("shows 'Logo image should be 120x40px image.' with 'Fit to 120×40' beside it, and uploads nothing", async () => {
    const { user } = renderApp('/my-store', { user: storedUser() });
    await user.upload(await screen.findByLabelText('Logo'), wideLogo());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.logoSize);
    expect(fitButton()).toBeVisible();
    expect(screen.getByLabelText('Logo')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: /logo preview/ })).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('fits it on the server when asked: the preview shows the fitted logo and the store is saved with it', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/stores/', async ({ request }) => {
        body = await request.json();
        server.use(http.get('*/api/v1/auth/me/', () => HttpResponse.json(me({ store: store() }))));
        return HttpResponse.json(store(), { status: 201 });
      }),
    );
    const { user, router } = renderApp('/my-store', { user: storedUser() });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Logo'), wideLogo());
    await user.click(await screen.findByRole('button', { name: 'Fit to 120×40' }));
    expect(await screen.findByRole('img', { name: 'Wide Logos logo preview' })).toHaveAttribute(
      'src',
      'https://cdn.test/fitted.png',
    );
    expect(uploads).toEqual([{ fit: 'contain', hasFile: true }]);
    expect(screen.queryByText(MESSAGES.logoSize)).not.toBeInTheDocument();
    expect(fitButton()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CREATE YOUR STORE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(body).toMatchObject({ logo_url: 'https://cdn.test/fitted.png' });
  });

  it('when not asked, keeps the message and never saves the wrong-size logo', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/v1/stores/:slug', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(store({ logo_url: 'https://cdn.test/old.png' }));
      }),
    );
    const { user } = renderApp('/my-store', {
      user: storedUser({ store: store({ logo_url: 'https://cdn.test/old.png' }) }),
    });
    await user.upload(await screen.findByLabelText('Logo'), wideLogo());
    expect(await screen.findByText(MESSAGES.logoSize)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'SAVE CHANGES' }));
    expect(await screen.findByText(MESSAGES.changesSaved)).toBeVisible();
    expect(body).toMatchObject({ logo_url: 'https://cdn.test/old.png' });
    expect(uploads).toEqual([]);
    expect(screen.getByText(MESSAGES.logoSize)).toBeVisible();
    expect(fitButton()).toBeVisible();
    expect(screen.getByRole('img', { name: /logo preview/ })).toHaveAttribute(
      'src',
      'https://cdn.test/old.png',
    );
  });

  it("shows a failed fit's message and still offers the fit; a 120x40 file instead withdraws the offer", async () => {
    server.use(
      http.post('*/api/v1/uploads/image/upload', () => HttpResponse.json({}, { status: 429 }), {
        once: true,
      }),
    );
    const { user } = renderApp('/my-store', { user: storedUser() });
    await user.upload(await screen.findByLabelText('Logo'), wideLogo());
    await user.click(await screen.findByRole('button', { name: 'Fit to 120×40' }));
    expect(await screen.findByText('Upload failed with status 429')).toBeVisible();
    expect(fitButton()).toBeVisible();
    imageSize.mockResolvedValueOnce({ width: 120, height: 40 });
    await user.upload(
      screen.getByLabelText('Logo'),
      new File(['png'], 'right.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: /logo preview/ })).toHaveAttribute(
      'src',
      'https://cdn.test/fitted.png',
    );
    expect(fitButton()).not.toBeInTheDocument();
    expect(uploads).toEqual([{ fit: null, hasFile: true }]);
  });
});
