import type { ClientId } from '@cc/config';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/schema';

// Written from the app's clock like every timestamp: no database default.
const createdAt = timestamp('created_at', { withTimezone: true }).notNull();

/**
 * Billing state as last read from the provider (local or Stripe). Only the
 * sync service (src/billing/sync.ts) writes these tables' subscription,
 * transaction and payment-method rows.
 */

/** The provider's customer behind a store; one per store and provider, reused on reactivation. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex('billing_customers_provider_id_key').on(t.provider, t.providerCustomerId),
    index('billing_customers_store_idx').on(t.storeId),
  ],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    /** The provider's status as it reported it (see status.ts for what the wire shows). */
    status: text('status').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Cancelled by the merchant, ending at current_period_end (Stripe's cancel_at_period_end). */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_provider_id_key').on(t.provider, t.providerSubscriptionId),
    index('billing_subscriptions_store_idx').on(t.storeId),
  ],
);

/** One paid invoice; `id` is the order id the payment screen shows. */
export const billingTransactions = pgTable(
  'billing_transactions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** When the invoice was paid. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Unguessable token of our receipt page. */
    receiptToken: text('receipt_token').notNull(),
    /** The provider's own receipt, when it has one (Stripe's hosted invoice). */
    providerReceiptUrl: text('provider_receipt_url'),
    createdAt,
  },
  (t) => [
    uniqueIndex('billing_transactions_provider_id_key').on(t.provider, t.providerInvoiceId),
    uniqueIndex('billing_transactions_receipt_key').on(t.receiptToken),
    index('billing_transactions_store_idx').on(t.storeId, t.paidAt),
  ],
);

export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When the provider created the card. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_payment_methods_provider_id_key').on(
      t.provider,
      t.providerPaymentMethodId,
    ),
    index('billing_payment_methods_store_idx').on(t.storeId),
  ],
);

/** Local checkout: one per opened payment link; the id is 32 random bytes. */
export const billingCheckoutSessions = pgTable('billing_checkout_sessions', {
  id: text('id').primaryKey(),
  storeId: integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  client: integer('client').$type<ClientId>().notNull(),
  email: text('email').notNull().default(''),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  providerSubscriptionId: text('provider_subscription_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt,
});

/** Webhook event ids already handled: a replay is acknowledged and changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * The local provider's own books (customers, payment methods, subscriptions,
 * invoices), Stripe-shaped JSON. This plays the part of the payment
 * processor; the sync service reads it the way it reads Stripe.
 */
export const localBillingObjects = pgTable(
  'local_billing_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['customer', 'payment_method', 'subscription', 'invoice'],
    }).notNull(),
    customerId: text('customer_id'),
    /** For invoices: their subscription. */
    subscriptionId: text('subscription_id'),
    data: jsonb('data').notNull(),
    /** For live subscriptions: when the renewal job should charge next. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt,
  },
  (t) => [
    index('local_billing_objects_customer_idx').on(t.customerId, t.kind),
    index('local_billing_objects_subscription_idx').on(t.subscriptionId),
    index('local_billing_objects_due_idx').on(t.dueAt),
  ],
);

/**
 * What the merchant's receipts print about them: the billing name and address and,
 * for UK stores, their VAT number (stored normalised, e.g. GB123456789). One row per
 * store, written by the owner from /my-store; '' where a field is left empty.
 */
export const billingDetails = pgTable('billing_details', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull(),
  vatNumber: text('vat_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Each brand's last invoice number. A charge's invoice takes the next number by updating
 * its brand's row in the transaction that records the charge, so numbers are gap-free per
 * brand and two instances never take the same one (the row lock orders them).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  client: integer('client').$type<ClientId>().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Invoices: one per paid charge, numbered per brand, immutable once issued. The supplier's
 * and the customer's details are copied in at issue, as the law requires them kept; the
 * store and its transaction may be deleted later (the account's deletion) and the invoice
 * stays, unlinked.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    client: integer('client').$type<ClientId>().notNull(),
    /** Gap-free per brand, from 1. */
    number: integer('number').notNull(),
    /** The brand's prefix and the number as printed (VN-000042). */
    reference: text('reference').notNull(),
    transactionId: integer('transaction_id').references(() => billingTransactions.id, {
      onDelete: 'set null',
    }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** Minor units: net + vat = gross. */
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    /** Basis points (2000 = 20 %); 0 where no VAT is charged. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** What was bought, as printed ("VoucherNest Merchant Page, 27 Nov 2026 to 27 Dec 2026"). */
    description: text('description').notNull(),
    /** The supplier's legal name, address and VAT number at issue. */
    supplier: jsonb('supplier').notNull(),
    /** The customer's billing name, address, VAT number and email at issue. */
    customer: jsonb('customer').notNull(),
    createdAt,
  },
  (t) => [
    uniqueIndex('invoices_client_number_key').on(t.client, t.number),
    uniqueIndex('invoices_transaction_key').on(t.transactionId),
    index('invoices_store_idx').on(t.storeId),
  ],
);
