import { connect } from 'node:net';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UK_CLIENT } from '@cc/config';
import { MESSAGES, type UploadResponse } from '@cc/contract';
import { images } from '../src/uploads/schema';
import { describeEachDatabase, register } from './helpers';
import { listening } from './listening';
import { multipart } from './multipart';

const URL_PATH = '/api/v1/uploads/image/upload';
const logo = () =>
  sharp({ create: { width: 120, height: 40, channels: 3, background: '#5b2a86' } })
    .png()
    .toBuffer();

/**
 * Sends the head of an upload that announces `announced` body bytes, then only its first KB,
 * and answers the status line the server sends back while the rest never comes.
 */
function startHugeUpload(port: number, announced: number, authorization?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer before the body was sent'));
    }, 5_000);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer.slice(0, answer.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
    const head = [
      `POST ${URL_PATH} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: multipart/form-data; boundary=----slow',
      `Content-Length: ${String(announced)}`,
      ...(authorization ? [`Authorization: ${authorization}`] : []),
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    socket.write(
      `------slow\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n\r\n${'a'.repeat(1024)}`,
    );
  });
}

describeEachDatabase('uploads need a signed-in merchant', (ctx) => {
  const stored = async () => (await ctx().app.db.select({ n: count() }).from(images))[0]?.n ?? 0;
  let ports: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    ports = await listening(1);
    ports.route(ctx().app);
  });
  afterAll(async () => {
    await ports.close();
  });

  it('refuses an anonymous upload with 401 and stores nothing', async () => {
    const before = await stored();
    const body = multipart(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'logo.png', type: 'image/png', data: await logo() },
    );
    const response = await ctx().app.inject({ method: 'POST', url: URL_PATH, ...body });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: MESSAGES.unauthorized,
      detail: MESSAGES.unauthorized,
    });
    const forged = await ctx().app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: body.payload,
      headers: { ...body.headers, authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(await stored()).toBe(before);
  });

  it("refuses another brand's token: a merchant uploads on their own brand", async () => {
    const { token } = await register(ctx().app);
    const body = multipart(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'logo.png', type: 'image/png', data: await logo() },
      token,
    );
    const response = await ctx().app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: body.payload,
      headers: { ...body.headers, 'x-site-key': '8' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('takes the upload of a signed-in merchant', async () => {
    const { token } = await register(ctx().app);
    const body = multipart(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'logo.png', type: 'image/png', data: await logo() },
      token,
    );
    const response = await ctx().app.inject({ method: 'POST', url: URL_PATH, ...body });
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadResponse>()).toMatchObject({
      width: 120,
      height: 40,
      format: 'png',
    });
  });

  it('answers an anonymous upload with 401 before its body arrives: 50 MB announced, 1 KB sent', async () => {
    const port = ports.ports[0] ?? 0;
    expect(await startHugeUpload(port, 50 * 1024 * 1024)).toBe('HTTP/1.1 401 Unauthorized');
    expect(await startHugeUpload(port, 50 * 1024 * 1024, 'Bearer not-a-token')).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
  });

  it("reads a signed-in merchant's body: the same cut-off upload gets no answer until it ends", async () => {
    const { token } = await register(ctx().app);
    await expect(
      startHugeUpload(ports.ports[0] ?? 0, 50 * 1024 * 1024, `Bearer ${token}`),
    ).rejects.toThrow('no answer');
  });
});

describeEachDatabase(
  'anonymous uploads count against the upload rate limit',
  (ctx) => {
    it('answers 401 until the limit, then 429', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < 3; n += 1) {
        const body = multipart(
          { upload_preset: UK_CLIENT.uploadPreset },
          { name: 'logo.png', type: 'image/png', data: await logo() },
        );
        statuses.push(
          (await ctx().app.inject({ method: 'POST', url: URL_PATH, ...body })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 429]);
    });
  },
  { env: { rateLimit: { authMax: 10_000, uploadMax: 2, windowMs: 60_000 } } },
);
