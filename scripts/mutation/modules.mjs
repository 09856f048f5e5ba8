// @ts-check
// The rule modules `pnpm mutation` mutates, each with the exact source lines it changes and the
// test files that must notice (run on the embedded database). A range `file:from-to` keeps a
// module to its rule where the file also holds plumbing (queries, wiring, mapping).

/**
 * @typedef {object} MutationModule
 * @property {string} name the module's name in the report and on the command line
 * @property {string} title what it holds, as docs/testing.md names it
 * @property {'apps/server' | 'packages/contract'} package where its files and tests live
 * @property {string[]} mutate files (optionally `:from-to` lines) relative to the package
 * @property {string[]} tests the test files that run against every mutant
 */

/** @type {MutationModule[]} */
export const MUTATION_MODULES = [
  {
    name: 'auth-tokens',
    title: 'Auth tokens and sessions',
    package: 'apps/server',
    mutate: [
      // sign and verify (not the verified-token cache's sizing).
      'src/auth/access-tokens.ts:28-58',
      'src/auth/sessions.ts',
      // issueTokens, endFamily, refresh and logout.
      'src/auth/service.ts:69-79',
      'src/auth/service.ts:104-108',
      'src/auth/service.ts:183-216',
      // useRefresh, findRefresh, revokeFamily.
      'src/auth/tokens-repository.ts:38-60',
    ],
    tests: ['test/tokens.test.ts', 'test/refresh-cookie.test.ts', 'test/sessions.test.ts'],
  },
  {
    name: 'ownership',
    title: 'Ownership checks',
    package: 'apps/server',
    mutate: [
      // ownStore; update's owner, id and slug check; get.
      'src/stores/service.ts:117-121',
      'src/stores/service.ts:190-192',
      'src/stores/service.ts:214-218',
      // findOwn; the list's store slug; get; update's store, remove; sort's own store and coupons.
      'src/coupons/service.ts:109-113',
      'src/coupons/service.ts:128-128',
      'src/coupons/service.ts:139-143',
      'src/coupons/service.ts:171-182',
      'src/coupons/service.ts:190-199',
    ],
    tests: ['test/stores.test.ts', 'test/coupons.test.ts', 'test/field-access.test.ts'],
  },
  {
    name: 'coupon-cap',
    title: 'The coupon cap',
    package: 'apps/server',
    // create(): the caller's store, locked, counted against the cap.
    mutate: ['src/coupons/service.ts:149-153'],
    tests: ['test/coupon-limit.test.ts'],
  },
  {
    name: 'billing-period',
    title: 'Billing periods and status',
    package: 'apps/server',
    // addMonths (the month-end clamp), the wire status, and the subscription's wire encoder.
    mutate: [
      'src/billing/local-provider.ts:29-37',
      'src/billing/status.ts',
      'src/billing/view.ts:24-44',
    ],
    tests: [
      'test/billing-period.test.ts',
      'test/billing-cancel-period-end.test.ts',
      'test/billing-local.test.ts',
      'test/stripe-webhooks.test.ts',
    ],
  },
  {
    name: 'review-rules',
    title: 'The review rules',
    package: 'apps/server',
    // statusOf; decide (approve and decline: the outcome, its record, audit entry and mail); decline's reason.
    mutate: [
      'src/review/service.ts:34-37',
      'src/review/service.ts:90-113',
      'src/review/service.ts:140-150',
    ],
    tests: ['test/review-queue.test.ts', 'test/review-email.test.ts', 'test/audit-actions.test.ts'],
  },
  {
    name: 'headlines-server',
    title: "Offers and headlines (the server: a coupon row's offer codec)",
    package: 'apps/server',
    mutate: ['src/coupons/offer-row.ts'],
    tests: ['test/coupon-offer-row.test.ts', 'test/store-page-headline.test.ts'],
  },
  {
    name: 'offers',
    title:
      'Offers and headlines (the contract: the offer and its wire codec, types, savings, headline, money text)',
    package: 'packages/contract',
    mutate: [
      'src/offer/offer.ts',
      'src/offer/headline.ts',
      'src/offer/offer-types.ts',
      'src/offer/offer-labels.ts',
      'src/money/money.ts:31-86',
    ],
    // money.ts from toAmount on: the number formats it keeps above are a cache, not a rule.
    tests: ['src/offer/*.test.ts', 'src/money/*.test.ts'],
  },
];
