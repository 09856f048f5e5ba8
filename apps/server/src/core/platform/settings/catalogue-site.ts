import {
  flag,
  oneOf,
  optIn,
  origin,
  path,
  sender,
  text,
  url,
  wholeNumber,
  wordList,
} from './kinds';
import { perBrand, type Setting } from './schema';

/** The settings of the process, its database and Redis, the brands it serves and their mail. */
export const SITE_SETTINGS: readonly Setting[] = [
  {
    names: ['NODE_ENV'],
    kind: text(),
    defaultText: 'unset',
    description:
      '`production` fails closed: the start stops with one line naming the setting when a setting marked required in production is missing or unsafe; the demo seed and the mailbox do not exist; HSTS is sent',
    section: 'Server',
  },
  {
    names: ['HOST'],
    kind: text(),
    default: '127.0.0.1',
    description: 'listen address (`0.0.0.0` in a container)',
    section: 'Server',
  },
  {
    names: ['PORT'],
    kind: wholeNumber(),
    default: '4000',
    description:
      'the API port: the API, `/metrics` (only here), the API docs, health and the staff console',
    section: 'Server',
  },
  {
    names: perBrand('PORT_'),
    perBrand: true,
    kind: wholeNumber(),
    default: { each: ['4007', '4008', '4010'] },
    description:
      "each served brand's port (VoucherNest, PromoPulse, DiscountDen): its build, and the API for that brand. A served brand's port equal to another open port stops the start",
    section: 'Server',
  },
  {
    names: ['SHUTDOWN_DRAIN_MS'],
    kind: wholeNumber(),
    default: { otherwise: '0', production: '5000' },
    description:
      'on SIGTERM (or SIGINT), how long readiness (`/api/v1/health/ready`) answers 503 while the instance still serves every request, so the proxy takes it out of rotation before it stops taking connections: more than the proxy’s health-check interval times its fall count (HAProxy `inter 2s fall 2`: 4 s)',
    section: 'Server',
  },
  {
    names: ['SHUTDOWN_TIMEOUT_MS'],
    kind: wholeNumber(),
    default: '20000',
    description:
      'after the drain, how long requests in flight may take to finish once new connections are refused; idle keep-alive connections close at once. Requests still running then are cut, with one line saying how many, and the process exits with code 1 (0 when every request finished). Keep the drain plus this below the platform’s grace period before it kills (Kubernetes 30 s; `stop_grace_period` in deploy/compose.yaml)',
    section: 'Server',
  },
  {
    names: ['HTTP_KEEP_ALIVE_TIMEOUT_MS'],
    kind: wholeNumber(1000),
    default: '65000',
    description:
      'how long an idle keep-alive connection stays open on every port (a request’s headers may take 1 s more): longer than the proxy keeps an idle connection to an instance (HAProxy 2.6 closes them within about 15 s, by its `pool-purge-delay` of 5 s; nginx’s upstream `keepalive_timeout` is 60 s, as are most cloud load balancers’), so the proxy closes an idle connection, never the instance just as the proxy sends a request on it',
    section: 'Server',
  },
  {
    names: ['LOG_LEVEL'],
    kind: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: { otherwise: 'warn', production: 'info' },
    description: 'the level of the request log (Fastify, JSON lines on standard output)',
    section: 'Server',
  },
  {
    names: ['DATABASE_URL'],
    kind: url('postgres', 'postgresql'),
    secret: true,
    defaultText: 'unset: PGlite in `DATA_DIR/pglite`',
    description:
      '`postgres://…` of the PostgreSQL primary (a session-mode connection). Unset, the embedded PGlite keeps the data in `DATA_DIR/pglite`: one instance only, and in production only with `EMBEDDED_DATABASE=1`',
    production: {
      required: 'always',
      unless: 'EMBEDDED_DATABASE',
      because:
        'postgres://…; EMBEDDED_DATABASE=1 runs the embedded PGlite in DATA_DIR instead, one instance only',
    },
    section: 'Database and Redis',
  },
  {
    names: ['EMBEDDED_DATABASE'],
    kind: optIn,
    defaultText: 'unset',
    description:
      '`1` lets a production start without `DATABASE_URL` use the embedded PGlite in `DATA_DIR` (a single small instance); the start line says so. Refused together with `DATABASE_URL`',
    section: 'Database and Redis',
  },
  {
    names: ['DATA_DIR'],
    kind: path,
    defaultText: '`apps/server/.data` (the server artifact’s folder `.data` in a release)',
    description:
      'the embedded database (`pglite/`) and, outside production, the generated `jwt-secret`',
    section: 'Database and Redis',
  },
  {
    names: ['REDIS_URL'],
    kind: url('redis', 'rediss'),
    secret: true,
    defaultText: 'unset',
    description:
      '`redis://…` or `rediss://…`: rate limits are counted in Redis (keys `cc-rate-limit-*`), one count shared by every instance; unset, each process counts alone, so behind a load balancer each instance allows the full limit. Set it whenever more than one instance runs. While Redis is unreachable requests pass uncounted rather than lock merchants out (one warning per outage). Deployments sharing a Redis use their own database number (`redis://host:6379/1`)',
    section: 'Database and Redis',
  },
  {
    names: ['BRANDS'],
    kind: wordList,
    defaultText: 'unset: `7,8,10`',
    description:
      'the brands this instance serves, as client ids or keys (`8`, `uk,us-discount`): it opens their ports and needs their origins and senders in production. Empty: the API port only, for every brand (brands on a CDN). An unknown entry stops the start',
    section: 'Brands',
  },
  {
    names: perBrand('ORIGIN_'),
    perBrand: true,
    kind: origin,
    defaultText: '`http://localhost:<brand port>` outside production',
    description:
      "each brand's public origin (`https://www.vouchernest.co.uk`), used in mail links, payment links and store URLs. In production each served brand's origin is required and must be `https://` (unless `ALLOW_HTTP_ORIGINS=1`)",
    production: {
      required: 'served brand',
      because: "{brand}'s public https:// origin, used in its mail links and store URLs",
    },
    section: 'Brands',
  },
  {
    names: ['API_ORIGIN'],
    kind: origin,
    defaultText: '`http://localhost:<PORT>`',
    description:
      "the API port's public origin (`https://console.example.com`): the staff console's address in staff invitation links (create-staff prints one). `https://` in production (unless `ALLOW_HTTP_ORIGINS=1`)",
    section: 'Brands',
  },
  {
    names: ['ALLOW_HTTP_ORIGINS'],
    kind: optIn,
    defaultText: 'unset',
    description:
      '`1` lets a production start take `http://` brand origins: a test site on one machine without TLS (the compose file and the cluster test). The start line says so. Real sites terminate TLS at the proxy and use `https://` origins',
    section: 'Brands',
  },
  {
    names: perBrand('BRAND_DIST_'),
    perBrand: true,
    kind: path,
    defaultText: '`apps/<brand>/dist` in the source tree; none in a release artifact',
    description:
      "each served brand's build: the `dist/` of its unpacked brand artifact. A folder that is set must hold `index.html`; in a release artifact a served brand without one stops the start",
    section: 'Brands',
  },
  {
    names: ['REVIEW_DIST'],
    kind: path,
    defaultText: '`apps/review/dist` in the source tree, `review/` in the release artifact',
    description:
      "the staff console's build, under `/review` on every port (the API port alone with `SERVE_CONSOLE_ON_BRAND_PORTS=0`); a folder that is set (or the artifact's own) must hold `index.html`",
    section: 'Brands',
  },
  {
    names: ['SERVE_CONSOLE_ON_BRAND_PORTS'],
    kind: flag,
    default: '1',
    description:
      '`0` keeps the staff console (`/review`) to the API port: brand ports answer 404 for it',
    section: 'Brands',
  },
  {
    names: ['SERVE_API_DOCS_ON_BRAND_PORTS'],
    kind: flag,
    default: '1',
    description:
      '`0` keeps the API docs (`/api/v1/docs`, `/api/v1/openapi.json`) to the API port: brand ports answer 404 for them',
    section: 'Brands',
  },
  {
    names: ['SMTP_URL'],
    kind: url('smtp', 'smtps'),
    secret: true,
    defaultText: 'unset: mail stays on `/dev/mailbox`',
    description:
      'the SMTP relay (`smtp://` or `smtps://`, with its login if any) the outbox worker sends through',
    production: { required: 'always', because: 'there is no local mailbox in production' },
    section: 'Mail',
  },
  {
    names: perBrand('MAIL_FROM_'),
    perBrand: true,
    kind: sender,
    defaultText: '`<brand name> <no-reply@localhost>` outside production',
    description:
      "the sender of every mail of each brand (`VoucherNest <no-reply@vouchernest.co.uk>`). An instance sends only the mail of the brands it has a sender for; the others' mail waits in the outbox for an instance that has",
    production: { required: 'served brand', because: 'the sender address of every {brand} mail' },
    section: 'Mail',
  },
];
