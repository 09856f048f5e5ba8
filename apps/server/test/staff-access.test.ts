import { expect, it } from 'vitest';
import { call, describeEachDatabase, register } from './helpers';
import { firstAdmin, invitedMember, type StaffSignIn } from './staff-fixtures';

type OpenApi = { paths: Record<string, Record<string, unknown>> };

/** Calls any signed-in caller may make under /api/v1/staff (their own role), and the invitation link's two. */
const NOT_ADMIN_ONLY = new Set([
  'GET /api/v1/staff/me/',
  'POST /api/v1/staff/invitations/lookup/',
  'POST /api/v1/staff/invitations/accept/',
]);

/** Every admin-only operation the API documents: the Staff screen's calls and the audit's. */
function adminOperations(doc: OpenApi): { method: string; url: string }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => ({ method: method.toUpperCase(), path }))
      .filter(
        ({ method, path: p }) =>
          (p.startsWith('/api/v1/staff') || p.startsWith('/api/v1/audit')) &&
          !NOT_ADMIN_ONLY.has(`${method} ${p}`),
      )
      // An id that exists (the admin's own): a refusal must come before any lookup.
      .map(({ method, path: p }) => ({ method, url: p.replace(/\{id\}/g, '1') })),
  );
}

const body = (method: string) =>
  method === 'POST'
    ? { email: 'someone@example.com', role: 'admin' }
    : method === 'PATCH'
      ? { role: 'reviewer' }
      : undefined;

describeEachDatabase('who may call the staff and audit operations', (ctx) => {
  let admin: StaffSignIn;
  let reviewer: StaffSignIn;

  it('a reviewer and a merchant get 403 on every admin operation, a caller without a token 401; nothing changes', async () => {
    const { app } = ctx();
    admin = await firstAdmin(app);
    reviewer = await invitedMember(app, admin.token, 'reviewer');
    const merchant = await register(app);
    const operations = adminOperations(app.swagger() as unknown as OpenApi);
    expect(operations.map((operation) => `${operation.method} ${operation.url}`).sort()).toEqual([
      'DELETE /api/v1/staff/1/',
      'DELETE /api/v1/staff/1/second-factor/',
      'DELETE /api/v1/staff/invitations/1/',
      'GET /api/v1/audit.csv',
      'GET /api/v1/audit/',
      'GET /api/v1/staff',
      'PATCH /api/v1/staff/1/',
      'POST /api/v1/staff/invitations/',
    ]);
    for (const { method, url } of operations) {
      const as = (token: string | undefined) =>
        call(app, method, url, { token, body: body(method) });
      expect((await as(reviewer.token)).statusCode, `${method} ${url} as a reviewer`).toBe(403);
      expect((await as(merchant.token)).statusCode, `${method} ${url} as a merchant`).toBe(403);
      expect((await as(undefined)).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    // Nothing changed: the admin is still the only admin, and no invitation went out.
    const list = (await call(app, 'GET', '/api/v1/staff/', { token: admin.token })).json<{
      members: { id: number; role: string }[];
      invitations: unknown[];
    }>();
    expect(list.members.map((member) => member.role)).toEqual(['admin', 'reviewer']);
    expect(list.invitations).toEqual([]);
  });

  it('a reviewer reaches the review console’s calls and their own role; a merchant does not', async () => {
    const { app } = ctx();
    const merchant = await register(app);
    expect(
      (await call(app, 'GET', '/api/v1/review/stores/', { token: reviewer.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, 'GET', '/api/v1/staff/me/', { token: reviewer.token })).json(),
    ).toMatchObject({ role: 'reviewer' });
    expect(
      (await call(app, 'GET', '/api/v1/staff/me/', { token: merchant.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(app, 'GET', '/api/v1/review/stores/', { token: merchant.token })).statusCode,
    ).toBe(403);
  });
});
