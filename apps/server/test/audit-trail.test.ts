import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MESSAGES, type AuditEvent } from '@cc/contract';
import { auditEvents } from '../src/audit/schema';
import { call, describeEachDatabase, register } from './helpers';
import { auditPage } from './audit-fixtures';
import { staffToken } from './review-fixtures';

/** The database's own message of a failed statement (Drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  return 'not refused';
}

describeEachDatabase('audit trail: storage, reading and the CSV', (ctx) => {
  const record = (action: string, userId: number, email: string, target = 'store:1') => {
    const [type = '', id = ''] = target.split(':');
    return ctx().app.audit.record({
      actor: { userId, role: 'merchant', email },
      action,
      target: { type, id },
      ip: '198.51.100.9',
      client: 7,
    });
  };

  it('is append-only: UPDATE and DELETE are refused; only the retention purge deletes', async () => {
    const { app } = ctx();
    await record('auth.sign_in', 900_001, 'kept@example.com', 'user:900001');
    const mine = sql`${auditEvents.actorUserId} = 900001`;
    expect(await refusal(app.db.update(auditEvents).set({ action: 'tampered' }).where(mine))).toBe(
      'audit_events is append-only: UPDATE refused',
    );
    expect(await refusal(app.db.delete(auditEvents).where(mine))).toBe(
      'audit_events is append-only: DELETE refused',
    );
    expect(await refusal(app.db.execute(sql`truncate audit_events`))).toBe(
      'audit_events is append-only: TRUNCATE refused',
    );
    const kept = await app.db.select().from(auditEvents).where(mine);
    expect(kept.map((row) => row.action)).toEqual(['auth.sign_in']);

    // The purge's way: SET LOCAL in its own transaction; the setting ends with it.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local cc.audit_purge = 'on'`);
      await tx.delete(auditEvents).where(mine);
    });
    expect(await app.db.select().from(auditEvents).where(mine)).toEqual([]);
    await record('auth.sign_in', 900_001, 'kept@example.com', 'user:900001');
    expect(await refusal(app.db.delete(auditEvents).where(mine))).toBe(
      'audit_events is append-only: DELETE refused',
    );
  });

  it('is for staff only: 401 without a token, 403 for a merchant', async () => {
    const { app } = ctx();
    expect((await call(app, 'GET', '/api/v1/audit/')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/v1/audit.csv')).statusCode).toBe(401);
    const merchant = await register(app);
    const list = await call(app, 'GET', '/api/v1/audit/', { token: merchant.token });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: MESSAGES.forbidden, detail: MESSAGES.forbidden });
    expect(
      (await call(app, 'GET', '/api/v1/audit.csv', { token: merchant.token })).statusCode,
    ).toBe(403);
  });

  it('filters by actor (email or id), action, target and time', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const start = clock.now();
    await record('review.resubmitted', 900_100, 'filter-a@example.com', 'store:100');
    clock.advance(60_000);
    const middle = clock.now();
    await record('billing.card_updated', 900_100, 'filter-a@example.com', 'store:100');
    await record('billing.card_updated', 900_101, 'filter-b@example.com', 'store:101');
    clock.advance(60_000);

    const byEmail = await auditPage(app, staff, { actor: 'FILTER-A@example.com' });
    expect(byEmail.results.map((e) => e.action)).toEqual([
      'billing.card_updated',
      'review.resubmitted',
    ]);
    const byId = await auditPage(app, staff, { actor: '900101' });
    expect(byId.results.map((e) => [e.actor_email, e.target_id])).toEqual([
      ['filter-b@example.com', '101'],
    ]);
    const byTarget = await auditPage(app, staff, {
      target: 'store:100',
      action: 'billing.card_updated',
    });
    expect(byTarget.results.map((e) => [e.actor_user_id, e.ip, e.client])).toEqual([
      [900_100, '198.51.100.9', 7],
    ]);
    const before = await auditPage(app, staff, {
      actor: 'filter-a@example.com',
      from: start.toISOString(),
      to: middle.toISOString(),
    });
    expect(before.results.map((e) => e.action)).toEqual(['review.resubmitted']);

    const bad = await call(app, 'GET', '/api/v1/audit/', {
      token: staff,
      query: { from: 'yesterday', limit: '500' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>()).sort()).toEqual(['from', 'limit']);
    const badCursor = await call(app, 'GET', '/api/v1/audit/', {
      token: staff,
      query: { cursor: 'bm90IGEgY3Vyc29y' },
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ cursor: ['Invalid cursor.'] });
  });

  it('pages by cursor, newest first: no entry twice or missing while new ones arrive', async () => {
    const { app, clock } = ctx();
    const staff = await staffToken(app);
    const email = 'pages@example.com';
    // Several entries share a moment: the id breaks the tie.
    for (let i = 0; i < 7; i += 1) {
      await record('auth.sign_in', 900_200, email, `user:${i}`);
      if (i % 3 === 2) clock.advance(1_000);
    }
    const seen: AuditEvent[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await auditPage(app, staff, {
        actor: email,
        limit: '3',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.results);
      cursor = page.next;
      pages += 1;
      // Newer entries arrive between pages; they belong to a fresh first page, not this walk.
      clock.advance(1_000);
      await record('auth.sign_in', 900_200, email, 'user:new');
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((e) => e.target_id)).toEqual(['6', '5', '4', '3', '2', '1', '0']);
    const fresh = await auditPage(app, staff, { actor: email, limit: '100' });
    expect(fresh.results.length).toBe(10);
    expect(fresh.next).toBeNull();
  });

  it('exports the filtered entries as CSV: RFC 4180, formula-safe cells', async () => {
    const { app } = ctx();
    const staff = await staffToken(app);
    await app.audit.record({
      actor: { userId: 900_300, role: 'staff', email: 'csv@example.com' },
      action: 'review.declined',
      target: { type: 'store', id: 300 },
      ip: '192.0.2.1',
      client: 8,
      details: { reason: '=HYPERLINK("http://x")\nsecond line, with "quotes"' },
    });
    const response = await call(app, 'GET', '/api/v1/audit.csv', {
      token: staff,
      query: { actor: 'csv@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const body = response.body;
    expect(
      body.startsWith(
        '\uFEFFat,actor_user_id,actor_role,actor_email,action,target_type,target_id,client,ip,details\r\n',
      ),
    ).toBe(true);
    const rows = body.slice(1).split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[^,]+,900300,staff,csv@example.com,review.declined,store,300,8,192.0.2.1,"/,
    );
    expect(rows[1]).toContain('""reason"":""=HYPERLINK(');
    expect(rows[2]).toBe('');
    const formula = await call(app, 'GET', '/api/v1/audit.csv', {
      token: staff,
      query: { actor: 'nobody@example.com' },
    });
    expect(formula.body).toBe(
      '\uFEFFat,actor_user_id,actor_role,actor_email,action,target_type,target_id,client,ip,details\r\n',
    );
  });
});
