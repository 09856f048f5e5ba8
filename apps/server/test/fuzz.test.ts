import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/core/data/db';
import { couponBody, freshDatabase, merchantWithStore, movableClock, testEnv } from './helpers';
import { firstAdmin } from './staff-fixtures';

/** Requests per operation: about 11,000 in all, as many as the fuzz runs that found the 5xx answers. */
const RUNS_PER_OPERATION = 220;

/** One route to fuzz: its body's field names (empty for a body of unknown shape), or no body. */
type Operation = { method: string; path: string; body: boolean; fields: string[]; query: string[] };

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

/** The routes the OpenAPI document hides: HTML pages, assets, beacons, health. */
const HIDDEN: Operation[] = [
  {
    method: 'GET',
    path: '/checkout/plans/{planId}',
    body: false,
    fields: [],
    query: ['client_reference_id', 'prefilled_email', 'expires', 'signature'],
  },
  {
    method: 'GET',
    path: '/checkout/stripe/{planId}',
    body: false,
    fields: [],
    query: ['client_reference_id', 'expires', 'signature'],
  },
  { method: 'GET', path: '/checkout/sessions/{id}', body: false, fields: [], query: [] },
  {
    method: 'POST',
    path: '/checkout/sessions/{id}',
    body: true,
    fields: ['card_number', 'expiry', 'cvc', 'name'],
    query: [],
  },
  { method: 'GET', path: '/checkout/receipts/{id}', body: false, fields: [], query: ['paid'] },
  {
    method: 'GET',
    path: '/checkout/receipts/{id}/invoice.pdf',
    body: false,
    fields: [],
    query: [],
  },
  {
    method: 'GET',
    path: '/checkout/card/{client}',
    body: false,
    fields: [],
    query: ['client_reference_id', 'prefilled_email', 'expires', 'signature'],
  },
  {
    method: 'POST',
    path: '/checkout/card/{client}',
    body: true,
    fields: ['card_number', 'expiry', 'cvc', 'name'],
    query: ['client_reference_id', 'prefilled_email', 'expires', 'signature'],
  },
  { method: 'GET', path: '/stores/{slug}', body: false, fields: [], query: ['preview'] },
  {
    method: 'POST',
    path: '/stores/{slug}/events',
    body: true,
    fields: [],
    query: ['type', 'coupon'],
  },
  { method: 'GET', path: '/stores/{slug}/go/{couponId}', body: false, fields: [], query: [] },
  { method: 'GET', path: '/stores/_assets/{file}', body: false, fields: [], query: [] },
  { method: 'GET', path: '/media/{file}', body: false, fields: [], query: [] },
  { method: 'GET', path: '/review/{rest}', body: false, fields: [], query: [] },
  { method: 'GET', path: '/api/v1/health/ready', body: false, fields: [], query: [] },
  { method: 'GET', path: '/{rest}', body: false, fields: [], query: [] },
];

function operationsOf(doc: OpenApi): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const schemas = Object.values(operation.requestBody?.content ?? {});
      const fields = Object.keys(schemas[0]?.schema?.properties ?? {});
      found.push({
        method: method.toUpperCase(),
        path,
        body: operation.requestBody !== undefined,
        fields,
        query,
      });
    }
  }
  return [...found, ...HIDDEN];
}

/** Text an attacker would send: NUL and other control bytes, lone surrogates, long runs, SQL and path tricks. */
/** Text with a NUL byte somewhere: PostgreSQL's text refuses it. */
const nulText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const nastyText = fc.oneof(
  { arbitrary: nulText, weight: 3 },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '\\',
    '{}',
    'null',
  ),
  fc.string({ minLength: 300, maxLength: 5000 }),
);

/** Any JSON value, nasty text included, including numbers beyond every integer column. */
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: nastyText, weight: 3 },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      2 ** 31,
      2 ** 63,
      1e308,
      -1e308,
      0.1,
      Number.MAX_SAFE_INTEGER + 2,
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A path segment: sometimes sensible, sometimes malformed or percent-encoded nastiness. */
const segment = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 40 }).map(String),
  fc.constantFrom(
    '1',
    'abc',
    '%00',
    'a%00b',
    '%E0%A4%A',
    '%zz',
    '%2e%2e',
    '..',
    '%F0%9F%98%80',
    '_assets',
    'index.html',
    '%C0%AF',
  ),
  nastyText.map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '')) || 'x'),
);

/** How a body travels: every content type an operation may be sent, the malformed ones included. */
const ENCODINGS = [
  'json',
  'form',
  'multipart',
  'multipart-no-boundary',
  'text',
  'octet',
  'xml',
  'none',
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** A multipart body of the value's fields (or the value as one part), cut short at `cut` characters when given. */
function multipartBody(value: unknown, cut: number): string {
  const boundary = '----fuzz';
  const fields =
    typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [['file', value] as const];
  const parts = fields.map(
    ([name, field], index) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${String(name)}"${index === 0 ? '; filename="a.png"' : ''}\r\n\r\n${JSON.stringify(field) ?? ''}\r\n`,
  );
  const body = `${parts.join('')}--${boundary}--\r\n`;
  return cut > 0 ? body.slice(0, cut) : body;
}

/** A url-encoded form of the value's fields (each non-text value as JSON), or of the value as one field. */
function formBody(value: unknown): string {
  const text = (field: unknown) =>
    typeof field === 'string' ? field : (JSON.stringify(field) ?? '');
  const pairs =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value)
      : [['value', value]];
  return new URLSearchParams(
    pairs.map(([name, field]): [string, string] => [String(name), text(field)]),
  ).toString();
}

function encodeBody(
  value: unknown,
  encoding: Encoding,
  cut: number,
): { type: string | undefined; payload: string } {
  const json = JSON.stringify(value) ?? 'null';
  switch (encoding) {
    case 'json':
      return { type: 'application/json', payload: json };
    case 'form':
      return { type: 'application/x-www-form-urlencoded', payload: formBody(value) };
    case 'multipart':
      return { type: 'multipart/form-data; boundary=----fuzz', payload: multipartBody(value, cut) };
    case 'multipart-no-boundary':
      return { type: 'multipart/form-data', payload: json };
    case 'text':
      return { type: 'text/plain', payload: json };
    case 'octet':
      return { type: 'application/octet-stream', payload: json };
    case 'xml':
      return { type: 'application/xml', payload: `<a>${json}</a>` };
    case 'none':
      return { type: undefined, payload: json };
  }
}

function fill(path: string, values: string[]): string {
  let index = 0;
  return path.replace(/\{[^}]+\}|:[A-Za-z]+/g, () => values[index++ % values.length] ?? 'x');
}

function queryString(entries: [string, string][]): string {
  return entries.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&');
}

/** pino's levels from error up (error 50, fatal 60). */
const ERROR_LEVEL = 50;

/** One line the server logged at error level or above, in a few words: its message and the error it carries. */
function describeLogLine(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { type?: string; message?: string; stack?: string };
    };
    const where =
      entry.err?.stack
        ?.split('\n')
        .find((frame) => frame.includes('/src/'))
        ?.trim() ?? '';
    return `${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''} ${where}`.slice(
      0,
      400,
    );
  } catch {
    return line.slice(0, 400);
  }
}

describe('fuzzing every operation with malformed requests', () => {
  let app: FastifyInstance;
  let database: Database;
  let tokens: string[];
  /** Every line the server logged at error level or above: a thrown error it caught is a failure too. */
  const errorLines: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase('pglite');
    const clock = movableClock();
    const stream = {
      write: (line: string) => {
        const level = (JSON.parse(line) as { level?: number }).level ?? ERROR_LEVEL;
        if (level >= ERROR_LEVEL) errorLines.push(line);
      },
    };
    app = await buildApp({ database, env: testEnv(), clock, logger: { level: 'error', stream } });
    await app.ready();
    const owner = await merchantWithStore(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/coupons/',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: couponBody(clock, { store: owner.store.id }),
    });
    // An admin's token too, so the staff and audit operations' handlers see the malformed bodies.
    const admin = await firstAdmin(app);
    tokens = [owner.token, admin.token, 'not-a-token', ''];
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('never answers 5xx nor logs an error, whatever the path, query, body, token or site', async () => {
    // Nothing before the fuzzing (the store, the coupon, the admin) logged an error either.
    expect(errorLines.map(describeLogLine)).toEqual([]);
    const operations = operationsOf(app.swagger() as unknown as OpenApi);
    expect(operations.length).toBeGreaterThan(40);
    // Two-step sign-in's and passkeys' calls are fuzzed like every other (the sign-in steps need no token).
    const signInCalls = [
      'POST /api/v1/auth/second-factor/',
      'POST /api/v1/account/second-factor/setup/',
      'POST /api/v1/account/second-factor/confirm/',
      'POST /api/v1/account/second-factor/recovery-codes/',
      'POST /api/v1/account/second-factor/disable/',
      'GET /api/v1/account/passkeys/',
      'POST /api/v1/account/passkeys/options/',
      'POST /api/v1/account/passkeys/',
      'PATCH /api/v1/account/passkeys/{id}/',
      'DELETE /api/v1/account/passkeys/{id}/',
      'POST /api/v1/auth/passkey-login/options/',
      'POST /api/v1/auth/passkey-login/',
      'POST /api/v1/auth/second-factor/passkey-options/',
      'POST /api/v1/auth/second-factor/passkey/',
    ];
    for (const name of signInCalls) {
      expect(
        operations.some((operation) => `${operation.method} ${operation.path}` === name),
        name,
      ).toBe(true);
    }
    const failures: string[] = [];
    for (const operation of operations) {
      const loggedBefore = errorLines.length;
      const request = fc.record({
        segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
        query: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(...operation.query, 'client', 'page'),
              fc.string({ maxLength: 8 }),
            ),
            segment,
          ),
          { maxLength: 4 },
        ),
        body: operation.body
          ? fc.oneof(
              anyValue,
              fc.dictionary(fc.string({ maxLength: 20 }), anyValue, { maxKeys: 8 }),
              // The operation's own fields, each present or not, each any value: what reaches the handler.
              fc.record(Object.fromEntries(operation.fields.map((field) => [field, anyValue])), {
                requiredKeys: [],
              }),
              // One field of the operation given nasty text, the rest left out.
              ...(operation.fields.length > 0
                ? [
                    fc
                      .tuple(fc.constantFrom(...operation.fields), nastyText)
                      .map(([field, text]) => ({ [field]: text })),
                  ]
                : []),
            )
          : fc.constant(undefined),
        token: fc.constantFrom(...tokens),
        site: fc.constantFrom(undefined, '7', '8', '10', '9', 'x', '\t'),
        encoding: fc.constantFrom(...ENCODINGS),
        /** Where a multipart body is cut short (0: whole). */
        cut: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
      });
      // Every error thrown inside the property is a failure reported by name, never swallowed.
      const outcome = await fc.check(
        fc.asyncProperty(request, async (input) => {
          const search = queryString(input.query);
          const url = `${fill(operation.path, input.segments)}${search ? `?${search}` : ''}`;
          const headers: Record<string, string> = {};
          if (input.token) headers.authorization = `Bearer ${input.token}`;
          if (input.site !== undefined) headers['x-site-key'] = input.site;
          let payload: string | undefined;
          if (input.body !== undefined) {
            const encoded = encodeBody(input.body, input.encoding, input.cut);
            if (encoded.type !== undefined) headers['content-type'] = encoded.type;
            payload = encoded.payload;
          }
          const response = await app.inject({
            method: operation.method as 'GET',
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          if (response.statusCode >= 500) {
            failures.push(
              `${operation.method} ${url} ${payload?.slice(0, 200) ?? ''} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
          return response.statusCode < 500;
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      // A property that threw (rather than returned false) is a failure too, with what it threw.
      if (
        outcome.failed &&
        outcome.errorInstance instanceof Error &&
        !outcome.errorInstance.message.includes('Property failed by returning false')
      ) {
        failures.push(
          `${operation.method} ${operation.path} threw: ${outcome.errorInstance.stack ?? outcome.errorInstance.message}`,
        );
      } else if (
        outcome.failed &&
        !(outcome.errorInstance instanceof Error) &&
        outcome.errorInstance !== undefined
      ) {
        failures.push(
          `${operation.method} ${operation.path} threw a non-error: ${JSON.stringify(outcome.errorInstance)}`,
        );
      }
      // An error the server caught and logged (a 5xx, or one swallowed behind a 4xx answer), each
      // kind once per operation.
      const logged = new Set(errorLines.slice(loggedBefore).map(describeLogLine));
      for (const line of logged)
        failures.push(`${operation.method} ${operation.path} logged: ${line}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
