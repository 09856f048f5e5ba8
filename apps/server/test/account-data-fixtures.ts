import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { UK_CLIENT } from '@cc/config';
import type { AuthTokens, Store, UploadResponse } from '@cc/contract';
import { couponDailyStats, couponFeedback } from '../src/public-pages/schema';
import { subscribe } from './fakes/checkout-browser';
import { multipart } from './multipart';
import { staffToken } from './review-fixtures';
import { call, couponBody, dayOffset, storeBody, uniqueEmail } from './helpers';

export const PASSWORD = 'shop-secret-123';

type Mail = { to: string; kind: string; subject: string; links: string[] };

/** The dev mailbox's messages to one address, newest first. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<Mail[]> {
  const response = await call(app, 'GET', '/dev/mailbox.json');
  return response.json<{ results: Mail[] }>().results.filter((mail) => mail.to === to);
}

export type LiveMerchant = {
  email: string;
  token: string;
  /** The refresh token of the registration's session. */
  refresh: string;
  store: Store;
  couponIds: number[];
  logoUrl: string;
  /** A password reset link's token, not followed. */
  resetToken: string;
};

/**
 * A UK merchant with a live store: a logo, two coupons, a paid subscription through the local
 * checkout (one order), approved by staff; the email verified through its link, and a
 * password reset link left unused. Their counts are added with `addCounts`.
 */
export async function liveMerchant(app: FastifyInstance): Promise<LiveMerchant> {
  const email = uniqueEmail('owner');
  const registered = await call(app, 'POST', '/api/v1/auth/email-register/', {
    body: {
      email,
      password: PASSWORD,
      siteId: 7,
      type: 2,
      first_name: 'Ada',
      last_name: 'Lovelace',
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const { token, refresh } = {
    ...registered.json<AuthTokens>(),
    refresh: refreshCookie(registered.headers['set-cookie']),
  };
  const [verifyMail] = await mailsTo(app, email);
  const verified = await call(app, 'POST', '/api/v1/auth/verify-email/', {
    body: { token: tokenOf(verifyMail) },
  });
  expect(verified.statusCode, verified.body).toBe(200);

  const png = await sharp({
    create: { width: 120, height: 40, channels: 3, background: '#5b2a86' },
  })
    .png()
    .toBuffer();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads/image/upload',
    ...multipart(
      { upload_preset: UK_CLIENT.uploadPreset },
      { name: 'logo.png', type: 'image/png', data: png },
      token,
    ),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const logoUrl = uploaded.json<UploadResponse>().url;
  const created = await call(app, 'POST', '/api/v1/stores/', {
    token,
    body: { ...storeBody(), logo_url: logoUrl },
  });
  expect(created.statusCode, created.body).toBe(201);
  const store = created.json<Store>();

  const couponIds: number[] = [];
  for (const code of ['SAVE20', '=HYPERLINK("x")']) {
    const body = couponBody(app.clock, {
      store: store.id,
      discount_code: code,
      start_date: dayOffset(app.clock, -30),
    });
    const response = await call(app, 'POST', '/api/v1/coupons/', { token, body });
    expect(response.statusCode, response.body).toBe(201);
    couponIds.push(response.json<{ id: number }>().id);
  }
  await subscribe(app, token);
  const approved = await call(app, 'POST', `/api/v1/review/stores/${store.id}/approve/`, {
    token: await staffToken(app),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const reset = await call(app, 'POST', '/api/v1/auth/password-reset/', {
    body: { email, siteId: 2 },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  const resetMail = (await mailsTo(app, email)).find((mail) => mail.kind === 'password_reset');
  return { email, token, refresh, store, couponIds, logoUrl, resetToken: tokenOf(resetMail) };
}

const tokenOf = (mail: Mail | undefined) =>
  new URL(mail?.links[0] ?? 'http://x').searchParams.get('token') ?? '';

function refreshCookie(header: string | string[] | undefined): string {
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const value = cookies.map((cookie) => /^cc_refresh_7=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
  if (!value) throw new Error('no refresh cookie');
  return value;
}

/** Writes a coupon's counters for `days` days ending today (views = day index + 1) and two answers on its last day. */
export async function addCounts(
  app: FastifyInstance,
  couponId: number,
  days: number,
): Promise<void> {
  const rows = Array.from({ length: days }, (_, i) => ({
    couponId,
    day: dayOffset(app.clock, i - days + 1),
    views: i + 1,
    reveals: i % 3,
    clicks: i % 2,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await app.db.insert(couponDailyStats).values(rows.slice(i, i + 500));
  const today = dayOffset(app.clock, 0);
  const at = app.clock.now();
  await app.db.insert(couponFeedback).values([
    { couponId, day: today, worked: true, answeredAt: at },
    { couponId, day: today, worked: false, answeredAt: at },
  ]);
}

/** Every entry of a ZIP file by name, read with yauzl (which checks each entry's CRC as it reads). */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A text entry (UTF-8). */
export function text(entries: Map<string, Buffer>, name: string): string {
  const entry = entries.get(name);
  if (!entry) throw new Error(`${name} is not in the archive`);
  return entry.toString('utf8');
}

/** A JSON entry, parsed. */
export function json<T>(entries: Map<string, Buffer>, name: string): T {
  return JSON.parse(text(entries, name)) as T;
}
