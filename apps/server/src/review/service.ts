import {
  MESSAGES,
  type ReviewQueueEntry,
  type ReviewStore,
  type StripeSubscription,
} from '@cc/contract';
import type { AuthService } from '../auth/service';
import type { CoreDeps } from '../core/data/deps';
import { NotFound, ValidationFailed } from '../core/http/errors';
import { toWireCoupon } from '../coupons/service';
import { storePageUrl, type Resubmission, type StoreService } from '../stores/service';
import type { Executor } from '../core/data/db';
import { composeReviewMail } from './mail';
import type { OutboxService } from '../mail/service';
import type { AuditService } from '../audit/service';
import {
  decodeCursor,
  encodeCursor,
  keysetPage,
  offsetPage,
  queueCount,
  searchPrefix,
  type QueueSource,
} from './queue-page';
import type { HeldQueuePage, ReviewQueueCache } from './queue-cache';
import { reviewRepository, type QueueRow, type ReviewStatus } from './repository';

/** A page of the queue; next and previous are opaque cursors. */
export type QueuePage = HeldQueuePage;

export type ReviewDeps = CoreDeps & {
  stores: Pick<StoreService, 'toWireWith' | 'setReviewOutcome'>;
  /** The owner's email for the decision mail. */
  users: Pick<AuthService, 'userById'>;
  outbox: Pick<OutboxService, 'enqueue'>;
  /** A staff preview link token of a store page (the public pages check it). */
  issuePreview: (storeId: number, now: Date) => string;
  /** Billing's current subscription of each of these stores, in one read. */
  subscriptionsOf: (storeIds: number[]) => Promise<ReadonlyMap<number, StripeSubscription>>;
  /** This instance's copy of the queue's pages and counts. */
  queue: Pick<ReviewQueueCache, 'count' | 'page'>;
  /** The audit trail: approvals, declines and resubmissions. */
  audit: Pick<AuditService, 'record'>;
};

export function statusOf(store: { isApproved: boolean; declined: boolean }): ReviewStatus {
  if (store.isApproved) return 'approved';
  return store.declined ? 'declined' : 'pending';
}

/** Staff review of store pages: the queue, approve, decline with a reason; each step recorded and mailed. */
export function reviewService(deps: ReviewDeps) {
  const { db, clock } = deps;
  const repo = reviewRepository(db);
  const source: QueueSource = {
    segment: (read) => repo.segment(read),
    count: (segment, search) =>
      deps.queue.count(segment, search, () => repo.count(segment, search)),
  };

  /** The queue lists a store by name; what staff review comes with the store (toWire). */
  function toEntry(row: QueueRow): ReviewQueueEntry {
    const { id, name, slug, client } = row.store;
    return {
      store: { id, name, slug, client },
      status: statusOf(row.store),
      owner_email: row.ownerEmail,
      queued_at: row.store.queuedAt.toISOString(),
    };
  }

  async function toWire(rows: QueueRow[]): Promise<ReviewStore[]> {
    const ids = rows.map((row) => row.store.id);
    // The page's coupons, history and subscriptions are read side by side, one read each.
    const [coupons, actions, subscriptions] = await Promise.all([
      repo.couponsOf(ids),
      repo.actionsOf(ids),
      deps.subscriptionsOf(ids),
    ]);
    const now = clock.now();
    return rows.map((row) => ({
      store: deps.stores.toWireWith(row.store, subscriptions.get(row.store.id) ?? null),
      status: statusOf(row.store),
      owner_email: row.ownerEmail,
      queued_at: row.store.queuedAt.toISOString(),
      coupons: coupons.filter((c) => c.store.id === row.store.id).map(toWireCoupon),
      actions: actions
        .filter((a) => a.storeId === row.store.id)
        .map((a) => ({
          id: a.id,
          action: a.action,
          reason: a.reason,
          actor_email: a.actorEmail,
          created_at: a.createdAt.toISOString(),
        })),
      preview_url: `/stores/${encodeURIComponent(row.store.slug)}?preview=${deps.issuePreview(row.store.id, now)}`,
    }));
  }

  async function one(storeId: number): Promise<ReviewStore> {
    const row = await repo.byId(storeId);
    if (!row) throw new NotFound();
    const [entry] = await toWire([row]);
    if (!entry) throw new NotFound();
    return entry;
  }

  async function decide(
    staffId: number,
    storeId: number,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    await db.transaction(async (tx) => {
      const store = await repo.lockStore(storeId, tx);
      if (!store) throw new NotFound();
      const at = clock.now();
      const reason = decision.approve ? '' : decision.reason;
      await deps.stores.setReviewOutcome(store.id, { approved: decision.approve, reason }, tx);
      await repo.record(
        { storeId, actorId: staffId, action: decision.approve ? 'approve' : 'decline', reason, at },
        tx,
      );
      await deps.audit.record(
        {
          actor: { userId: staffId, role: 'staff' },
          action: decision.approve ? 'review.approved' : 'review.declined',
          target: { type: 'store', id: store.id },
          client: store.client,
          details: decision.approve
            ? { store_name: store.name }
            : { store_name: store.name, reason },
        },
        tx,
      );
      const owner = await deps.users.userById(store.userId, tx);
      if (!owner) return;
      const { client } = store;
      const mail = composeReviewMail({
        kind: decision.approve ? 'store_approved' : 'store_declined',
        client,
        to: owner.email,
        storeName: store.name,
        link: decision.approve
          ? storePageUrl(deps, store)
          : `${deps.brandOrigins[client]}/my-store`,
        reason,
      });
      await deps.outbox.enqueue(mail, at, tx);
    });
    return one(storeId);
  }

  return {
    /** A page of the queue by cursor (each store as the list shows it), with the count under the same filter. */
    async page(query: {
      status?: ReviewStatus | undefined;
      search?: string | undefined;
      cursor?: string | undefined;
      size: number;
    }): Promise<QueuePage> {
      const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const search = searchPrefix(query.search);
      const key = JSON.stringify([
        query.status ?? null,
        search ?? null,
        query.cursor ?? null,
        query.size,
      ]);
      return deps.queue.page(key, async () => {
        const [page, count] = await Promise.all([
          keysetPage(source, { status: query.status, search, cursor, size: query.size }),
          queueCount(source, query.status, search),
        ]);
        return {
          count,
          results: page.rows.map(toEntry),
          next: page.next && encodeCursor(page.next),
          previous: page.previous && encodeCursor(page.previous),
        };
      });
    },
    /** A page of the queue by number (the legacy MerchantQueue calls) and the queue's size. */
    async pageAt(query: {
      status?: ReviewStatus | undefined;
      offset: number;
      limit: number;
    }): Promise<{ total: number; results: ReviewStore[] }> {
      const { total, rows } = await offsetPage(source, {
        status: query.status,
        offset: query.offset,
        limit: query.limit,
      });
      return { total, results: await toWire(rows) };
    },
    get: one,
    /** Records, in the merchant's edit transaction, that their declined store went back to the queue. */
    recordResubmission: async (resubmission: Resubmission, tx: Executor): Promise<void> => {
      await repo.record(
        {
          storeId: resubmission.storeId,
          actorId: resubmission.merchantId,
          action: 'resubmit',
          at: resubmission.at,
        },
        tx,
      );
      await deps.audit.record(
        {
          actor: { userId: resubmission.merchantId, role: 'merchant' },
          action: 'review.resubmitted',
          target: { type: 'store', id: resubmission.storeId },
        },
        tx,
      );
    },
    approve: (staffId: number, storeId: number) => decide(staffId, storeId, { approve: true }),
    async decline(staffId: number, storeId: number, reason: string): Promise<ReviewStore> {
      const trimmed = reason.trim();
      if (!trimmed) throw ValidationFailed.field('reason', MESSAGES.required);
      return decide(staffId, storeId, { approve: false, reason: trimmed });
    },
  };
}
export type ReviewService = ReturnType<typeof reviewService>;
