import { describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE } from './session-storage';
import { NO_URL_MESSAGE, uploadImage } from './upload';

const options = { uploadUrl: '/api/v1/uploads/image/upload', uploadPreset: 'vouchernest-logos' };

describe('logo upload', () => {
  it('posts the file and the preset and answers the url', async () => {
    const fetchFn = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ secure_url: 'https://cdn/logo.png' })),
    );
    const url = await uploadImage(new Blob(['x'], { type: 'image/png' }), { ...options, fetchFn });
    expect(url).toBe('https://cdn/logo.png');
    const [target, init] = fetchFn.mock.calls[0] ?? [];
    expect(target).toBe(options.uploadUrl);
    const form = init?.body as FormData;
    expect(form.get('upload_preset')).toBe('vouchernest-logos');
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect(form.has('fit')).toBe(false);
  });

  it('asks the server to fit the logo into 120x40 with fit=contain', async () => {
    const fetchFn = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ secure_url: 'https://cdn/fitted.png' })),
    );
    const url = await uploadImage(new Blob(['x'], { type: 'image/png' }), {
      ...options,
      fit: 'contain',
      fetchFn,
    });
    expect(url).toBe('https://cdn/fitted.png');
    const form = fetchFn.mock.calls[0]?.[1]?.body as FormData;
    expect(form.get('fit')).toBe('contain');
    expect(form.get('upload_preset')).toBe('vouchernest-logos');
  });

  it("sends the merchant's access token, and none when signed out", async () => {
    const fetchFn = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ secure_url: 'https://cdn/logo.png' })),
    );
    await uploadImage(new Blob(['x'], { type: 'image/png' }), {
      ...options,
      fetchFn,
      accessToken: 'access-1',
    });
    expect(new Headers(fetchFn.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(
      'Bearer access-1',
    );
    await uploadImage(new Blob(['x'], { type: 'image/png' }), {
      ...options,
      fetchFn,
      accessToken: null,
    });
    expect(new Headers(fetchFn.mock.calls[1]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('takes the token from the merchant session when none is given', async () => {
    document.cookie = `${ACCESS_COOKIE}=from-cookie; path=/`;
    const fetchFn = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ secure_url: 'https://cdn/logo.png' })),
    );
    try {
      await uploadImage(new Blob(['x'], { type: 'image/png' }), { ...options, fetchFn });
      expect(new Headers(fetchFn.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(
        'Bearer from-cookie',
      );
    } finally {
      document.cookie = `${ACCESS_COOKIE}=; path=/; max-age=0`;
    }
  });

  it("fails with 'Upload failed with status {n}'", async () => {
    const fetchFn = vi.fn<typeof fetch>(() => Promise.resolve(new Response('no', { status: 413 })));
    await expect(uploadImage(new Blob(['x']), { ...options, fetchFn })).rejects.toThrow(
      'Upload failed with status 413',
    );
  });

  it('fails when the image service returns no URL', async () => {
    const fetchFn = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({})));
    await expect(uploadImage(new Blob(['x']), { ...options, fetchFn })).rejects.toThrow(
      NO_URL_MESSAGE,
    );
  });
});
