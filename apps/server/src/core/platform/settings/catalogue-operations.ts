import { budgetVariable, CACHE_NAMES, DEFAULT_CACHE_BUDGET_MB } from '../cache-budgets';
import { megabytes, oneOf, optIn, text, url, wholeNumber } from './kinds';
import { perBrand, type Setting } from './schema';

/** Secrets, billing, invoices, limits, retention, caches and the demo seed. */
export const OPERATIONS_SETTINGS: readonly Setting[] = [
  {
    names: ['JWT_SECRET'],
    kind: text(32),
    secret: true,
    defaultText: 'generated once into `DATA_DIR/jwt-secret` outside production',
    description:
      'signs access tokens, payment links and previews: the same 32+ character secret on every instance',
    production: { required: 'always', because: 'the same 32+ character secret on every instance' },
    section: 'Server',
  },
  {
    names: ['METRICS_TOKEN'],
    kind: text(16),
    secret: true,
    defaultText: 'unset',
    description:
      '16+ characters: `/metrics` (API port only) answers only `Authorization: Bearer <token>` (401 otherwise), so it is never open where browsers call',
    production: { required: 'always', because: '/metrics asks for it as a bearer token' },
    section: 'Operations',
  },
  {
    names: ['TRUST_PROXY_HOPS'],
    kind: wholeNumber(),
    default: { otherwise: '0', production: '1' },
    description:
      'how many reverse proxies in front append to `X-Forwarded-For`; the client address (rate limits, store-page counters) is the one the outermost proxy saw, and entries a client wrote itself are ignored. 0 uses the socket’s peer',
    section: 'Limits',
  },
  {
    names: ['RATE_LIMIT_AUTH_MAX'],
    kind: wholeNumber(),
    default: { otherwise: '120', production: '10' },
    description:
      'sign-ins, registrations and password resets a minute (`RATE_LIMIT_WINDOW_MS`) per address',
    section: 'Limits',
  },
  {
    names: ['RATE_LIMIT_UPLOAD_MAX'],
    kind: wholeNumber(),
    default: { otherwise: '120', production: '30' },
    description: 'uploads a window per address',
    section: 'Limits',
  },
  {
    names: ['RATE_LIMIT_WINDOW_MS'],
    kind: wholeNumber(),
    default: '60000',
    description: 'the window of the rate limits, in milliseconds',
    section: 'Limits',
  },
  {
    names: ['UPLOAD_GRACE_HOURS'],
    kind: wholeNumber(1),
    default: '24',
    description:
      'uploaded images no store’s `logo_url` points at are deleted once this many hours old, by a sweep every instance runs at start and hourly; the check against stores runs in the database as it deletes, so instances sharing the database never delete a logo a store uses',
    section: 'Limits',
  },
  {
    names: ['BILLING_PROVIDER'],
    kind: oneOf('local', 'stripe'),
    default: { otherwise: 'local' },
    description:
      '`local`: the embedded processor with its own checkout pages, which take test cards and say TEST MODE (refused in production unless `ALLOW_TEST_BILLING=1`); `stripe`: Stripe’s API with the `STRIPE_*` settings',
    production: { required: 'always', because: 'stripe, or local with ALLOW_TEST_BILLING=1' },
    section: 'Billing',
  },
  {
    names: ['ALLOW_TEST_BILLING'],
    kind: optIn,
    defaultText: 'unset',
    description:
      '`1` lets a production start use `BILLING_PROVIDER=local` (a staging site): every checkout page and receipt says TEST MODE',
    section: 'Billing',
  },
  {
    names: ['BILLING_RENEWAL_INTERVAL_MS'],
    kind: wholeNumber(),
    default: '60000',
    description: 'how often the local provider’s renewal job runs; 0 turns it off',
    section: 'Billing',
  },
  {
    names: ['STORE_PAGE_GRACE_DAYS'],
    kind: wholeNumber(),
    default: '7',
    description: 'days a `past_due` store page stays live after its unpaid period ended',
    section: 'Billing',
  },
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    kind: text(),
    secret: true,
    defaultText: 'unset',
    description:
      'required with `BILLING_PROVIDER=stripe`; the webhook is `POST /api/v1/stripe-webhook/`',
    section: 'Billing',
  },
  {
    names: perBrand('STRIPE_PRICE_ID_'),
    perBrand: true,
    kind: text(),
    defaultText: 'unset',
    description:
      'required with `BILLING_PROVIDER=stripe`: each brand’s monthly price. A plan’s payment link is a signed link on the brand’s origin that creates (once) or reuses the store’s Stripe customer, then redirects to a subscription Checkout Session',
    section: 'Billing',
  },
  {
    names: ['STRIPE_API_URL'],
    kind: url('http', 'https'),
    defaultText: 'unset: Stripe’s own',
    description: 'another Stripe API address (the tests’ fake)',
    section: 'Billing',
  },
  {
    names: perBrand('STRIPE_PAYMENT_LINK_'),
    perBrand: true,
    kind: text(),
    defaultText: 'unset',
    description:
      'accepted and unused, so older deployments still start: every checkout is a Checkout Session the server creates',
    section: 'Billing',
  },
  {
    names: ['INVOICE_SUPPLIER_NAME_UK', 'INVOICE_SUPPLIER_ADDRESS_UK', 'INVOICE_SUPPLIER_VAT_UK'],
    kind: text(),
    defaultText: 'placeholders outside production',
    description:
      'the supplier every VoucherNest (client 7) VAT invoice prints: legal name, address (lines separated by `|` or new lines) and VAT number. See `docs/invoices.md`',
    production: { required: 'UK served', because: "VoucherNest's VAT invoices print it" },
    section: 'Invoices',
  },
  {
    names: ['INVOICE_SUPPLIER_NAME_US', 'INVOICE_SUPPLIER_ADDRESS_US'],
    kind: text(),
    defaultText: 'placeholders outside production; in production the brand’s name and no address',
    description: 'the supplier the PromoPulse and DiscountDen (clients 8, 10) invoices print',
    section: 'Invoices',
  },
  {
    names: ['RETENTION_TOKEN_DAYS'],
    kind: wholeNumber(1),
    default: '1',
    description:
      'days the retention purge (every instance at start and hourly, one at a time under an advisory lock) keeps email tokens after their use or expiry, refresh tokens after their expiry, rotation or revocation, and ended sessions',
    section: 'Retention',
  },
  {
    names: ['RETENTION_CHECKOUT_DAYS'],
    kind: wholeNumber(1),
    default: '7',
    description: 'days local checkout sessions are kept after they expired',
    section: 'Retention',
  },
  {
    names: ['RETENTION_OUTBOX_DAYS'],
    kind: wholeNumber(1),
    default: '30',
    description: 'days sent mail stays in the outbox (pending and failed mail is never purged)',
    section: 'Retention',
  },
  {
    names: ['RETENTION_AUDIT_DAYS'],
    kind: wholeNumber(1),
    default: '730',
    description: 'days audit entries are kept',
    section: 'Retention',
  },
  {
    names: ['RETENTION_BATCH_SIZE'],
    kind: wholeNumber(1),
    default: '1000',
    description: 'rows one purge batch deletes at most (each batch its own short transaction)',
    section: 'Retention',
  },
  {
    names: ['COUNT_FLUSH_MS'],
    kind: wholeNumber(),
    default: '1000',
    description:
      'how often each instance writes the shoppers’ views, reveals and clicks it holds, in milliseconds, in one statement per batch: a SIGKILL loses at most this long’s counts (a SIGTERM none, they are written before the exit), and Insights and the coupon stats run at most this long plus a notification behind. `0` writes each event’s counts before its answer',
    section: 'Limits',
  },
  {
    names: ['COUNT_BATCH_MAX'],
    kind: wholeNumber(1),
    default: '2000',
    description:
      'shoppers’ events an instance holds before it writes them at once, without waiting for `COUNT_FLUSH_MS`; while the database refuses writes it keeps at most ten times this many, dropping the oldest (logged)',
    section: 'Limits',
  },
  {
    names: ['CACHE_BUDGET_MB'],
    kind: megabytes,
    default: String(DEFAULT_CACHE_BUDGET_MB),
    description:
      'megabytes (decimals allowed) all the per-instance caches may hold together, shared out of 23: `store_pages` 5, `legacy_catalogue` 5, `sitemaps` 3, `coupon_lists` 2, `store_page_heads` 2, and 1 each for `verified_tokens`, `billing_summaries`, `signed_in_users`, `review_queue`, `owner_reads`, `sessions`. Each cache lets its least recently used entries go to stay within its share; any budget, `0` included, gives the same answers, more slowly. Start production with V8’s heap capped at this budget plus 64 MB (`NODE_OPTIONS=--max-old-space-size=192` for the default)',
    section: 'Caches',
  },
  {
    names: CACHE_NAMES.map(budgetVariable),
    kind: megabytes,
    defaultText: 'unset: the cache’s share of `CACHE_BUDGET_MB`',
    description:
      'one cache’s own budget in megabytes, instead of its share; `0` turns that cache off',
    section: 'Caches',
  },
  {
    names: ['SEED_DEMO_PASSWORD', 'SEED_STAFF_EMAIL', 'SEED_STAFF_PASSWORD'],
    kind: text(),
    default: { each: ['demo1234', 'staff@couponcenter.local', 'staff1234'] },
    description:
      'the logins the demo seed makes outside production; production never seeds (staff come from `create-staff`)',
    section: 'Development',
  },
];
