import { execFile, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Paginated, Transaction } from '@cc/contract';
import {
  GOOD_CARD,
  merchant,
  openLink,
  pathOf,
  planOf,
  submitCard,
  type Merchant,
} from './fakes/checkout-browser';
import { call } from './helpers';

const run = promisify(execFile);

/** Debian's pdftotext (poppler-utils), installed when missing, as scripts/bootstrap.mjs installs its packages. */
function ensurePdftotext(): void {
  if (existsSync('/usr/bin/pdftotext')) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils`,
    {
      stdio: 'inherit',
    },
  );
}

/** The text of a PDF as a reader copies it out (pdftotext -layout), spaces between words collapsed. */
export async function pdfText(bytes: Buffer): Promise<string> {
  ensurePdftotext();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const folder = mkdtempSync(join(tmpdir(), 'cc-invoice-'));
  try {
    const file = join(folder, 'invoice.pdf');
    writeFileSync(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A day as the brand writes it on its invoices: 27 November 2026 (UK), November 27, 2026 (US). */
export function longDay(unixSeconds: number, locale: 'en-GB' | 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(unixSeconds * 1000),
  );
}

export const UK_DETAILS = {
  billing_name: 'Acme Trading Ltd',
  address_line1: '1 High Street',
  address_line2: 'Unit 4',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'United Kingdom',
  vat_number: 'GB123456789',
};

/** The merchant's Order History, newest first, asked on their brand. */
export async function ordersOf(
  app: FastifyInstance,
  m: Merchant,
  client: number,
): Promise<Transaction[]> {
  const listed = await call(app, 'GET', '/api/v1/coupon-center-transactions/', {
    token: await m.token(),
    headers: { 'x-site-key': String(client) },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<Paginated<Transaction>>().results;
}

/** A merchant of `client` who saved `details` (when given) and then paid the plan with a good card. */
export async function payingMerchant(
  app: FastifyInstance,
  client: 7 | 8 | 10,
  details?: Record<string, string>,
): Promise<Merchant> {
  const m = await merchant(app, client);
  const token = await m.token();
  const headers = { 'x-site-key': String(client) };
  if (details) {
    const saved = await call(app, 'PUT', '/api/v1/billing-details/', {
      token,
      headers,
      body: details,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const plan = await planOf(app, token, client);
  const paid = await submitCard(app, await openLink(app, plan.payment_link.url), GOOD_CARD);
  expect(paid.statusCode, paid.body).toBe(303);
  return m;
}

/** Downloads an invoice from its link as a browser would (the brand origin's path). */
export async function download(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: pathOf(url) });
}
