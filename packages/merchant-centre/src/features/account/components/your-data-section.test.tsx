import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedUser } from '../../../testing/fixtures';
import { server } from '../../../testing/server';
import { renderAccountSection } from '../../../testing/render-account-section';
import { YourDataSection } from './your-data-section';

afterEach(() => vi.restoreAllMocks());

const FILENAME = 'vouchernest-account-2026-02-01.zip';
/** The first bytes of a ZIP file (a local file header), then some content. */
const ZIP = new Uint8Array([
  0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xff, 0x00,
]);

/** Catches what the browser would save: the blob behind the object URL and the link's download name. */
function captureSaves() {
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:account-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

async function section() {
  return within(
    (await screen.findByRole('heading', { name: 'Your data' })).closest('section') as HTMLElement,
  );
}

describe('Your data', () => {
  it('says what the download holds and saves the ZIP, fetched with the session, under the server’s name', async () => {
    let authorization: string | null = null;
    let release: () => void = () => undefined;
    server.use(
      http.get('*/api/v1/account/export/', async ({ request }) => {
        authorization = request.headers.get('authorization');
        await new Promise<void>((resolve) => (release = resolve));
        return new HttpResponse(ZIP, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="${FILENAME}"`,
          },
        });
      }),
    );
    const saved = captureSaves();
    const { user } = renderAccountSection(<YourDataSection />, storedUser({ token: 'access-9' }));
    const data = await section();
    expect(data.getByText(/ZIP file of everything your account holds/)).toBeVisible();
    await user.click(data.getByRole('button', { name: 'Download my data' }));
    expect(await data.findByRole('button', { name: 'Preparing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(authorization).toBe('Bearer access-9');
    expect(saved[0]?.name).toBe(FILENAME);
    expect(new Uint8Array(await (saved[0]?.blob as Blob).arrayBuffer())).toEqual(ZIP);
    await waitFor(() =>
      expect(data.getByRole('button', { name: 'Download my data' })).toBeEnabled(),
    );
  });

  it('saves nothing when the export fails, shows the server message and the button is usable again', async () => {
    server.use(
      http.get('*/api/v1/account/export/', () =>
        HttpResponse.json({ message: 'The export is not available right now.' }, { status: 503 }),
      ),
    );
    const saved = captureSaves();
    const { user } = renderAccountSection(<YourDataSection />, storedUser());
    await user.click((await section()).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('The export is not available right now.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled(),
    );
    expect(saved).toEqual([]);
  });
});
