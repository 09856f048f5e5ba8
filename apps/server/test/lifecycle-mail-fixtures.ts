import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { outbox } from '../src/mail/schema';
import type { OutboxRow } from '../src/mail/repository';

/**
 * A file of the repository by its path from the root: looked for in each folder up from this one,
 * so it is found from a working copy of the server's folder deeper in the tree too (`pnpm mutation`).
 */
function repositoryFile(path: string): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, path))) return join(dir, path);
    if (dirname(dir) === dir)
      throw new Error(`${path} is in no folder above ${import.meta.dirname}`);
  }
}

/** The merchant centre's screens (path patterns), as the brand apps route them. */
const SCREENS = Object.keys(
  JSON.parse(
    readFileSync(repositoryFile('packages/merchant-centre/route-modules.json'), 'utf8'),
  ) as Record<string, unknown>,
);

const matchesScreen = (path: string) =>
  SCREENS.some((pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path));

/** The queued mails of `kind` to `to`, oldest first. */
export async function mailsTo(
  app: FastifyInstance,
  to: string,
  kind?: string,
): Promise<OutboxRow[]> {
  const rows = await app.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, to))
    .orderBy(asc(outbox.id));
  return kind ? rows.filter((row) => row.kind === kind) : rows;
}

/** The first link of a mail's plain-text part after `action: `. */
export function actionLink(mail: OutboxRow, action: string): URL {
  const line = mail.textBody.split('\n').find((text) => text.startsWith(`${action}: `));
  expect(line, mail.textBody).toBeDefined();
  return new URL((line ?? '').slice(action.length + 2));
}

/**
 * Every lifecycle mail: a plain-text part and an HTML part, both naming the brand, and its
 * one link leading to `path` on the brand's origin, which is a merchant centre screen or
 * (receipts) a page this server answers with 200.
 */
export async function expectBrandMail(
  app: FastifyInstance,
  mail: OutboxRow,
  expected: { brand: string; origin: string; action: string; path: string },
): Promise<void> {
  expect(mail.textBody.length).toBeGreaterThan(0);
  expect(mail.textBody).not.toContain('<');
  expect(mail.textBody).toContain(expected.brand);
  expect(mail.htmlBody).toContain(`>${expected.brand}</h1>`);
  const link = actionLink(mail, expected.action);
  expect(link.origin).toBe(expected.origin);
  expect(link.pathname).toBe(expected.path);
  expect(mail.htmlBody).toContain(`href="${link.href}"`);
  if (matchesScreen(link.pathname)) return;
  const page = await app.inject({ method: 'GET', url: link.pathname + link.search });
  expect(page.statusCode, `${link.href} answers`).toBe(200);
}

/** The one-click unsubscribe URL of a mail, from its List-Unsubscribe header (RFC 8058). */
export function unsubscribeUrl(mail: OutboxRow): URL {
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  expect(header).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/mail\/unsubscribe\?token=[^>]+>$/);
  return new URL(header.slice(1, -1));
}
