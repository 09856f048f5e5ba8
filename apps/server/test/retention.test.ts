import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents } from '../src/audit/schema';
import { emailTokens, refreshTokens, sessions } from '../src/auth/schema';
import { usersRepository } from '../src/auth/repository';
import { billingCheckoutSessions } from '../src/billing/schema';
import { outbox } from '../src/mail/schema';
import { buildApp, type AppEnv } from '../src/app';
import { DEFAULT_RETENTION_DAYS } from '../src/retention/service';
import { describeEachDatabase, merchantWithStore, testEnv, uniqueEmail, register } from './helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Small batches, so a purge takes several. */
const ENV: Partial<AppEnv> = { retention: { days: DEFAULT_RETENTION_DAYS, batchSize: 3 } };
const id = () => randomBytes(16).toString('hex');

describeEachDatabase(
  'retention: what is no longer needed is deleted after its time',
  (ctx) => {
    const db = () => ctx().app.db;
    const at = (ms: number) => new Date(ctx().clock.now().getTime() + ms);
    const userId = async () => {
      const email = uniqueEmail();
      await register(ctx().app, email);
      const user = await usersRepository(db()).findByEmail(7, email);
      if (!user) throw new Error('no user');
      return user.id;
    };
    const emailToken = async (user: number, values: { expiresAt: Date; usedAt?: Date }) =>
      (
        await db()
          .insert(emailTokens)
          .values({
            userId: user,
            purpose: 'password_reset',
            tokenHash: id(),
            createdAt: at(0),
            ...values,
          })
          .returning()
      )[0]?.id ?? 0;
    const refreshToken = async (
      user: number,
      familyId: string,
      values: { expiresAt: Date; usedAt?: Date; revokedAt?: Date },
    ) =>
      (
        await db()
          .insert(refreshTokens)
          .values({ userId: user, familyId, tokenHash: id(), createdAt: at(0), ...values })
          .returning()
      )[0]?.id ?? 0;
    const session = async (user: number, revokedAt?: Date) => {
      const sessionId = id();
      await db()
        .insert(sessions)
        .values({ id: sessionId, userId: user, lastUsedAt: at(0), createdAt: at(0), revokedAt });
      return sessionId;
    };
    const mail = async (status: 'pending' | 'sent' | 'failed') =>
      (
        await db()
          .insert(outbox)
          .values({
            client: 7,
            kind: 'verify_email',
            toAddress: 'a@b.co',
            subject: 's',
            textBody: 't',
            htmlBody: 'h',
            status,
            nextAttemptAt: at(0),
            sentAt: status === 'sent' ? at(0) : null,
            createdAt: at(0),
          })
          .returning()
      )[0]?.id ?? 0;
    const exists = {
      emailTokens: async (ids: number[]) =>
        (
          await db()
            .select({ id: emailTokens.id })
            .from(emailTokens)
            .where(inArray(emailTokens.id, ids))
        ).map((row) => row.id),
      refreshTokens: async (ids: number[]) =>
        (
          await db()
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(inArray(refreshTokens.id, ids))
        ).map((row) => row.id),
      sessions: async (ids: string[]) =>
        (
          await db().select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))
        ).map((row) => row.id),
      checkouts: async (ids: string[]) =>
        (
          await db()
            .select({ id: billingCheckoutSessions.id })
            .from(billingCheckoutSessions)
            .where(inArray(billingCheckoutSessions.id, ids))
        ).map((row) => row.id),
      outbox: async (ids: number[]) =>
        (await db().select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, ids))).map(
          (row) => row.id,
        ),
      audit: async (ids: number[]) =>
        (
          await db()
            .select({ id: auditEvents.id })
            .from(auditEvents)
            .where(inArray(auditEvents.id, ids))
        ).map((row) => row.id),
    };

    it('keeps each kind until its limit and deletes it after: tokens and sessions 1 day, checkouts 7, sent mail 30, audit 730', async () => {
      const { app, clock } = ctx();
      const user = await userId();
      const { store } = await merchantWithStore(app);
      const far = at(5000 * DAY);
      // Spent now, on the clock: each kind's age counts from here.
      const spentEmail = [
        await emailToken(user, { expiresAt: far, usedAt: at(0) }),
        await emailToken(user, { expiresAt: at(0) }),
      ];
      const liveEmail = await emailToken(user, { expiresAt: far });
      const liveSession = await session(user);
      const liveRefresh = await refreshToken(user, liveSession, { expiresAt: far });
      const revokedSession = await session(user, at(0));
      const expiredSession = await session(user);
      const spentRefresh = [
        await refreshToken(user, liveSession, { expiresAt: far, usedAt: at(0) }),
        await refreshToken(user, revokedSession, { expiresAt: far, revokedAt: at(0) }),
        await refreshToken(user, expiredSession, { expiresAt: at(0) }),
      ];
      const oldCheckout = id();
      const liveCheckout = id();
      await db()
        .insert(billingCheckoutSessions)
        .values([
          { id: oldCheckout, storeId: store.id, client: 7, expiresAt: at(0), createdAt: at(-DAY) },
          { id: liveCheckout, storeId: store.id, client: 7, expiresAt: far, createdAt: at(0) },
        ]);
      const sentMail = await mail('sent');
      const unsentMail = [await mail('pending'), await mail('failed')];
      const audits = await db()
        .insert(auditEvents)
        .values([
          { at: at(0), actorRole: 'system', action: 'retention.test' },
          { at: far, actorRole: 'system', action: 'retention.test' },
        ])
        .returning();
      const [oldAudit = 0, newAudit = 0] = audits.map((row) => row.id);

      const purgeAt = async (ms: number) => {
        clock.advance(ms);
        const result = await app.retention.run();
        expect(result.skipped).toBe(false);
        return result;
      };

      await purgeAt(DAY - MINUTE);
      expect(await exists.emailTokens([...spentEmail, liveEmail])).toHaveLength(3);
      expect(await exists.refreshTokens([...spentRefresh, liveRefresh])).toHaveLength(4);
      expect(await exists.sessions([liveSession, revokedSession, expiredSession])).toHaveLength(3);

      await purgeAt(2 * MINUTE);
      expect(await exists.emailTokens([...spentEmail, liveEmail])).toEqual([liveEmail]);
      expect(await exists.refreshTokens([...spentRefresh, liveRefresh])).toEqual([liveRefresh]);
      expect(await exists.sessions([liveSession, revokedSession, expiredSession])).toEqual([
        liveSession,
      ]);

      await purgeAt(6 * DAY - 2 * MINUTE);
      expect(await exists.checkouts([oldCheckout, liveCheckout])).toHaveLength(2);
      await purgeAt(2 * MINUTE);
      expect(await exists.checkouts([oldCheckout, liveCheckout])).toEqual([liveCheckout]);

      await purgeAt(23 * DAY - 2 * MINUTE);
      expect(await exists.outbox([sentMail, ...unsentMail])).toHaveLength(3);
      await purgeAt(2 * MINUTE);
      expect((await exists.outbox([sentMail, ...unsentMail])).sort()).toEqual(
        [...unsentMail].sort(),
      );

      await purgeAt(700 * DAY - 2 * MINUTE);
      expect(await exists.audit([oldAudit, newAudit])).toHaveLength(2);
      await purgeAt(2 * MINUTE);
      expect(await exists.audit([oldAudit, newAudit])).toEqual([newAudit]);

      // What is still in use stayed throughout.
      expect(await exists.emailTokens([liveEmail])).toEqual([liveEmail]);
      expect(await exists.sessions([liveSession])).toEqual([liveSession]);
    });

    it('lets two instances purge at once: each row deleted once, neither fails', async () => {
      const { app, clock, database } = ctx();
      const other = await buildApp({ database, clock, env: testEnv(ENV), logger: false });
      await other.ready();
      try {
        await app.retention.run();
        const user = await userId();
        const tokens = await Promise.all(
          Array.from({ length: 20 }, () => emailToken(user, { expiresAt: at(0), usedAt: at(0) })),
        );
        const mails = await Promise.all(Array.from({ length: 10 }, () => mail('sent')));
        clock.advance(31 * DAY);
        const results = await Promise.all([
          app.retention.run(),
          other.retention.run(),
          app.retention.run(),
          other.retention.run(),
        ]);
        const total = (kind: 'email_tokens' | 'outbox') =>
          results.reduce((sum, result) => sum + result.deleted[kind], 0);
        expect(await exists.emailTokens(tokens)).toEqual([]);
        expect(await exists.outbox(mails)).toEqual([]);
        // Every row counted by exactly one run: nothing else of these kinds was due.
        expect(total('email_tokens')).toBeGreaterThanOrEqual(20);
        expect(total('outbox')).toBeGreaterThanOrEqual(10);
        const again = await Promise.all([app.retention.run(), other.retention.run()]);
        expect(again.map((result) => result.deleted.email_tokens + result.deleted.outbox)).toEqual([
          0, 0,
        ]);
      } finally {
        await other.close();
      }
    });
  },
  { env: ENV },
);
