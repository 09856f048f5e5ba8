import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, UK_CLIENT } from '@cc/config';
import { MESSAGES, UPLOAD_FIT_CONTAIN, type UploadResponse } from '@cc/contract';
import { buildApp } from '../src/app';
import { describeEachDatabase, register, testEnv } from './helpers';
import { multipart } from './multipart';

const preset = UK_CLIENT.uploadPreset;
const image = (format: 'png' | 'jpeg', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5b2a86' } })
    [format]()
    .toBuffer();
const png = async (width: number, height: number) => ({
  name: 'logo.png',
  type: 'image/png',
  data: await image('png', width, height),
});

/** The RGBA of one pixel of a PNG. */
async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: raw[at], g: raw[at + 1], b: raw[at + 2], alpha: raw[at + 3] };
}

describeEachDatabase('logo uploads fitted to 120x40', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = (await register(ctx().app)).token;
  });
  const upload = (
    fields: Record<string, string>,
    file?: { name: string; type: string; data: Buffer },
  ) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/v1/uploads/image/upload',
      ...multipart(fields, file, token),
    });
  const served = async (url: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    return response.rawPayload;
  };

  it('fits a 300x100 logo into 120x40 and stores it as PNG under /media', async () => {
    const response = await upload(
      { upload_preset: preset, fit: UPLOAD_FIT_CONTAIN },
      await png(300, 100),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadResponse>();
    expect(body).toMatchObject({ width: 120, height: 40, format: 'png' });
    expect(body.url).toMatch(/^http:\/\/localhost(:\d+)?\/media\/logos\/[a-f0-9]{24}\.png$/);
    const stored = await served(body.url);
    // 300x100 has the logo's proportions: it fills the 120x40 with no padding.
    expect(await sharp(stored).metadata()).toMatchObject({ width: 120, height: 40, format: 'png' });
    expect(await pixel(stored, 0, 0)).toEqual({ r: 0x5b, g: 0x2a, b: 0x86, alpha: 255 });
  });

  it('fits a 50x50 logo into the middle of 120x40 with transparent padding either side', async () => {
    const response = await upload(
      { fit: UPLOAD_FIT_CONTAIN, upload_preset: preset },
      await png(50, 50),
    );
    const body = response.json<UploadResponse>();
    expect(body).toMatchObject({ width: 120, height: 40, format: 'png' });
    const stored = await served(body.url);
    expect(await sharp(stored).metadata()).toMatchObject({
      width: 120,
      height: 40,
      format: 'png',
      hasAlpha: true,
    });
    expect((await pixel(stored, 0, 20)).alpha).toBe(0);
    expect((await pixel(stored, 119, 20)).alpha).toBe(0);
    expect(await pixel(stored, 60, 20)).toEqual({ r: 0x5b, g: 0x2a, b: 0x86, alpha: 255 });
  });

  it('stores a fitted JPEG as PNG, so its padding stays transparent', async () => {
    const data = await image('jpeg', 40, 40);
    const body = (
      await upload(
        { upload_preset: preset, fit: UPLOAD_FIT_CONTAIN },
        { name: 'l.jpg', type: 'image/jpeg', data },
      )
    ).json<UploadResponse>();
    expect(body).toMatchObject({ width: 120, height: 40, format: 'png' });
    expect((await pixel(await served(body.url), 2, 2)).alpha).toBe(0);
  });

  it('without fit keeps the size and format it was given', async () => {
    const body = (
      await upload({ upload_preset: preset }, await png(300, 100))
    ).json<UploadResponse>();
    expect(body).toMatchObject({ width: 300, height: 100, format: 'png' });
    expect(await sharp(await served(body.url)).metadata()).toMatchObject({
      width: 300,
      height: 100,
    });
  });

  it('refuses a fit other than contain, and a fit without a file or preset, with field errors', async () => {
    const cover = await upload({ upload_preset: preset, fit: 'cover' }, await png(50, 50));
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toEqual({ fit: [MESSAGES.invalidChoice] });
    expect((await upload({ upload_preset: preset, fit: '' }, await png(50, 50))).json()).toEqual({
      fit: [MESSAGES.invalidChoice],
    });
    expect((await upload({ fit: UPLOAD_FIT_CONTAIN })).json()).toEqual({
      file: [MESSAGES.required],
      upload_preset: [MESSAGES.required],
    });
    const unknown = await upload(
      { upload_preset: 'someone-else', fit: UPLOAD_FIT_CONTAIN },
      await png(50, 50),
    );
    expect(unknown.json()).toEqual({ upload_preset: [MESSAGES.invalidChoice] });
  });

  it('refuses non-images, unreadable images and files over the size limit, as any upload', async () => {
    const fields = { upload_preset: preset, fit: UPLOAD_FIT_CONTAIN };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"/>');
    const notImage = await upload(fields, { name: 'logo.png', type: 'image/png', data: svg });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toEqual({ file: [MESSAGES.unsupportedImage] });
    const truncated = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(50),
    ]);
    expect(
      (await upload(fields, { name: 'x.png', type: 'image/png', data: truncated })).json(),
    ).toEqual({
      file: [MESSAGES.unsupportedImage],
    });
    const huge = Buffer.concat([await image('png', 50, 50), Buffer.alloc(LOGO_MAX_BYTES)]);
    expect(
      (await upload(fields, { name: 'huge.png', type: 'image/png', data: huge })).json(),
    ).toEqual({
      file: [MESSAGES.fileTooLarge],
    });
  });

  it('deletes a fitted upload no store uses after the grace period, like any upload', async () => {
    const body = (
      await upload({ upload_preset: preset, fit: UPLOAD_FIT_CONTAIN }, await png(50, 50))
    ).json<UploadResponse>();
    ctx().clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await ctx().app.uploadSweep.run()).toContain(body.public_id);
    expect(
      (await ctx().app.inject({ method: 'GET', url: new URL(body.url).pathname })).statusCode,
    ).toBe(404);
  });

  it('counts fitted uploads against the upload rate limit', async () => {
    const env = testEnv({ rateLimit: { authMax: 10_000, uploadMax: 2, windowMs: 60_000 } });
    const limited = await buildApp({
      database: ctx().database,
      clock: ctx().clock,
      env,
      logger: false,
    });
    try {
      const statuses: number[] = [];
      const signedIn = (await register(ctx().app)).token;
      for (let i = 0; i < 3; i += 1) {
        const body = multipart(
          { upload_preset: preset, fit: UPLOAD_FIT_CONTAIN },
          await png(50, 50),
          signedIn,
        );
        statuses.push(
          (await limited.inject({ method: 'POST', url: '/api/v1/uploads/image/upload', ...body }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
