import pg from 'pg';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, UK_CLIENT } from '@cc/config';
import { MESSAGES, type Store, type UploadResponse } from '@cc/contract';
import { buildApp } from '../src/app';
import { stores } from '../src/stores/schema';
import { call, describeEachDatabase, PG_URL, register, storeBody, testEnv, until } from './helpers';
import { multipart } from './multipart';

const logo = (format: 'png' | 'jpeg' | 'webp', width = 120, height = 40) => {
  const image = sharp({
    create: { width, height, channels: 3, background: '#5b2a86' },
  }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-metadata' } },
  });
  return image[format]().toBuffer();
};

describeEachDatabase('logo uploads', (ctx) => {
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

  it('accepts PNG, JPEG and WebP, re-encodes them and answers like Cloudinary', async () => {
    for (const [format, ext] of [
      ['png', 'png'],
      ['jpeg', 'jpg'],
      ['webp', 'webp'],
    ] as const) {
      const response = await upload(
        { upload_preset: UK_CLIENT.uploadPreset },
        { name: `logo.${ext}`, type: 'image/png', data: await logo(format) },
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<UploadResponse>();
      expect(body).toMatchObject({ width: 120, height: 40, format: ext });
      expect(body.url).toMatch(
        new RegExp(`^http://localhost(:\\d+)?/media/logos/[a-f0-9]{24}\\.${ext}$`),
      );
      expect(body.secure_url).toBeTruthy();

      const served = await ctx().app.inject({ method: 'GET', url: new URL(body.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
      expect(served.rawPayload.length).toBe(body.bytes);
      expect(served.rawPayload.includes(Buffer.from('secret-metadata'))).toBe(false);
    }
  });

  it('reports the real size and leaves the 120x40 check to the client', async () => {
    const response = await upload(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'big.png', type: 'image/png', data: await logo('png', 300, 100) },
    );
    expect(response.json<UploadResponse>()).toMatchObject({ width: 300, height: 100 });
  });

  it('refuses SVG and anything whose bytes are not PNG, JPEG or WebP, whatever its name says', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>alert(1)</script></svg>',
    );
    const response = await upload(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'logo.png', type: 'image/png', data: svg },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [MESSAGES.unsupportedImage] });
    const truncated = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(50),
    ]);
    const broken = await upload(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'x.png', type: 'image/png', data: truncated },
    );
    expect(broken.json()).toEqual({ file: [MESSAGES.unsupportedImage] });
  });

  it('refuses a file over the size limit', async () => {
    const data = Buffer.concat([await logo('png'), Buffer.alloc(LOGO_MAX_BYTES)]);
    const response = await upload(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'huge.png', type: 'image/png', data },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: [MESSAGES.fileTooLarge] });
  });

  it('requires the file and a known upload preset', async () => {
    const none = await upload({});
    expect(none.json()).toEqual({ file: [MESSAGES.required], upload_preset: [MESSAGES.required] });
    const unknown = await upload(
      { upload_preset: 'someone-else' },
      { name: 'l.png', type: 'image/png', data: await logo('png') },
    );
    expect(unknown.json()).toEqual({ upload_preset: [MESSAGES.invalidChoice] });
    const json = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/uploads/image/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { file: 'x' },
    });
    expect(json.json()).toEqual({ file: [MESSAGES.required] });
  });

  it('answers 400 with a field error for a multipart body that is not valid multipart, and stores nothing', async () => {
    const bodies: [string, string | Buffer][] = [
      ['multipart/form-data; boundary=----x', '{}'],
      ['multipart/form-data; boundary=----x', ''],
      ['multipart/form-data; boundary=----x', Buffer.alloc(1024 * 1024, 'a')],
      ['multipart/form-data', '------x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'],
      [
        'multipart/form-data; boundary=----x',
        '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
    ];
    for (const [type, payload] of bodies) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/uploads/image/upload',
        headers: { 'content-type': type, authorization: `Bearer ${token}` },
        payload,
      });
      expect(response.statusCode, `${type} ${String(payload).slice(0, 40)}`).toBe(400);
      expect(Object.keys(response.json<Record<string, string[]>>()).length).toBeGreaterThan(0);
    }
  });

  it('answers 404 for media that does not exist', async () => {
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/media/logos/000000000000000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/media/../../etc/passwd' })).statusCode,
    ).toBe(404);
  });
});

describeEachDatabase('unused uploads are deleted after the grace period', (ctx) => {
  const HOUR = 60 * 60 * 1000;
  // A merchant signed in now: the suite's clock moves on by days, past any earlier token.
  const uploadLogo = async () => {
    const { token } = await register(ctx().app);
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/uploads/image/upload',
      ...multipart(
        { upload_preset: UK_CLIENT.uploadPreset },
        { name: 'logo.png', type: 'image/png', data: await logo('png') },
        token,
      ),
    });
    expect(response.statusCode).toBe(200);
    return response.json<UploadResponse>();
  };
  const served = async (url: string) =>
    (await ctx().app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;
  const storeWithLogo = async (logoUrl: string) => {
    const { token } = await register(ctx().app);
    const response = await call(ctx().app, 'POST', '/api/v1/stores/', {
      token,
      body: { ...storeBody(), logo_url: logoUrl },
    });
    expect(response.statusCode).toBe(201);
    return { token, store: response.json<Store>() };
  };

  it('deletes an upload no store uses once it is older than 24 hours, and its URL answers 404', async () => {
    const abandoned = await uploadLogo();
    ctx().clock.advance(24 * HOUR + 1);
    expect(await ctx().app.uploadSweep.run()).toContain(abandoned.public_id);
    expect(await served(abandoned.url)).toBe(404);
    expect(await ctx().app.uploadSweep.run()).toEqual([]);
  });

  it("keeps an old upload a store's logo points at, on whichever host the URL names", async () => {
    const saved = await uploadLogo();
    const savedOnBrandPort = await uploadLogo();
    await storeWithLogo(saved.url);
    await storeWithLogo(`http://localhost:4007${new URL(savedOnBrandPort.url).pathname}`);
    ctx().clock.advance(48 * HOUR);
    const deleted = await ctx().app.uploadSweep.run();
    expect(deleted).not.toContain(saved.public_id);
    expect(deleted).not.toContain(savedOnBrandPort.public_id);
    expect(await served(saved.url)).toBe(200);
    expect(await served(savedOnBrandPort.url)).toBe(200);
  });

  it('keeps a fresh upload no store uses yet, so the merchant can save the store later', async () => {
    const fresh = await uploadLogo();
    ctx().clock.advance(23 * HOUR);
    expect(await ctx().app.uploadSweep.run()).not.toContain(fresh.public_id);
    expect(await served(fresh.url)).toBe(200);
    await storeWithLogo(fresh.url);
    ctx().clock.advance(2 * HOUR);
    expect(await ctx().app.uploadSweep.run()).not.toContain(fresh.public_id);
    expect(await served(fresh.url)).toBe(200);
  });

  it('deletes a logo replaced by a new one after the grace period and keeps the new one', async () => {
    const first = await uploadLogo();
    const { token, store } = await storeWithLogo(first.url);
    const second = await uploadLogo();
    const updated = await call(
      ctx().app,
      'PUT',
      `/api/v1/stores/${store.slug}?id=${store.id}&client=7`,
      {
        token,
        body: { logo_url: second.url },
      },
    );
    expect(updated.json<Store>().logo_url).toBe(second.url);
    expect(await ctx().app.uploadSweep.run()).not.toContain(first.public_id);
    ctx().clock.advance(24 * HOUR + 1);
    const deleted = await ctx().app.uploadSweep.run();
    expect(deleted).toContain(first.public_id);
    expect(deleted).not.toContain(second.public_id);
    expect(await served(first.url)).toBe(404);
    expect(await served(second.url)).toBe(200);
  });

  it('keeps an old upload a store is being saved with while the sweep runs', async ({ skip }) => {
    if (ctx().backend === 'pglite')
      skip('PGlite has one connection: no store write can be in flight during a sweep');
    const old = await uploadLogo();
    const { store } = await storeWithLogo('');
    ctx().clock.advance(24 * HOUR + 1);
    const [database] = await ctx()
      .app.db.select({ name: sql<string>`current_database()` })
      .from(stores)
      .limit(1);
    const url = new URL(PG_URL);
    url.pathname = `/${database?.name ?? ''}`;
    const writer = new pg.Client({ connectionString: url.toString() });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query('update stores set logo_url = $1 where id = $2', [old.url, store.id]);
      const sweep = ctx().app.uploadSweep.run();
      const waiting = async () =>
        (
          await writer.query(
            "select 1 from pg_locks where relation = 'stores'::regclass and not granted",
          )
        ).rowCount;
      expect(await until(waiting, (count) => count === 1)).toBe(1);
      await writer.query('commit');
      expect(await sweep).not.toContain(old.public_id);
      expect(await served(old.url)).toBe(200);
    } finally {
      await writer.end();
    }
  });

  it('lets two instances on one database sweep at once: each unused upload deleted once, used ones kept', async () => {
    const unused = await Promise.all([uploadLogo(), uploadLogo(), uploadLogo()]);
    const used = await uploadLogo();
    await storeWithLogo(used.url);
    ctx().clock.advance(24 * HOUR + 1);
    const other = await buildApp({
      database: ctx().database,
      clock: ctx().clock,
      env: testEnv(),
      logger: false,
    });
    try {
      const [here, there] = await Promise.all([
        ctx().app.uploadSweep.run(),
        other.uploadSweep.run(),
      ]);
      expect([...here, ...there].sort()).toEqual(unused.map((image) => image.public_id).sort());
      expect(await served(used.url)).toBe(200);
    } finally {
      await other.close();
    }
  });
});
