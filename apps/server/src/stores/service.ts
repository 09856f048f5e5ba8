import { getClientConfig, LOCATION_CODE, UK_DEFAULT_CATEGORY_ID, withScheme } from '@cc/config';
import {
  checkBody,
  MESSAGES,
  STORE_RULES,
  type Store,
  type StoreCreateBody,
  type StoreUpdateBody,
  type StripeSubscription,
} from '@cc/contract';
import type { Executor } from '../core/data/db';
import { FieldErrors, NotFound, ValidationFailed } from '../core/http/errors';
import { mediaPublicId } from '../uploads/media-url';
import type { UploadService } from '../uploads/service';
import { storesRepository, type NewStore, type StoreRow } from './repository';
import type { Caller, CoreDeps } from '../core/data/deps';

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The public store page on the brand's origin. */
export function storePageUrl(
  deps: Pick<CoreDeps, 'brandOrigins'>,
  row: Pick<StoreRow, 'client' | 'slug'>,
): string {
  const { client } = row;
  return `${deps.brandOrigins[client]}${getClientConfig(client).storePagePath}${row.slug}`;
}

function editableValues(body: StoreUpdateBody) {
  const url = (value: string | undefined) =>
    value === undefined ? undefined : value.trim() && withScheme(value);
  return {
    name: body.name?.trim(),
    websiteUrl: url(body.website_url),
    affiliateWebsiteUrl: url(body.affiliate_website_url),
    logoUrl: body.logo_url?.trim(),
    contactFirstName: body.contact_first_name?.trim(),
    contactLastName: body.contact_last_name?.trim(),
    contactEmail: body.contact_email?.trim().toLowerCase(),
  };
}

export type StoreServiceDeps = CoreDeps & {
  uploads: Pick<UploadService, 'imageExists'>;
  /**
   * The owner's store as this instance holds it beside the signed-in user (auth/user-cache.ts,
   * kept by the same store and user notifications), read from the database on a miss; null
   * when they have none. Without it every read goes to the database.
   */
  heldStoreOf?: (userId: number) => Promise<StoreRow | null | undefined>;
};

/**
 * The merchant's store: its rules (create, edit, a declined store's resubmission) and the
 * reads other features make of stores. Answers are rows; the routes add the subscription.
 */
/** A declined store its merchant edited, back in the review queue as pending. */
export type Resubmission = { storeId: number; merchantId: number; at: Date };
/** Runs in the edit's transaction (the review history: review/resubmission.ts). */
export type ResubmissionListener = (resubmission: Resubmission, tx: Executor) => Promise<void>;

export function storeService(deps: StoreServiceDeps) {
  const repo = storesRepository(deps.db);
  const resubmissionListeners: ResubmissionListener[] = [];

  /**
   * The wire store, with its subscription as billing reads it (billing/view.ts); given whether
   * its owner's email is verified, it says whether the store waits for that before review.
   */
  function toWireWith(
    row: StoreRow,
    subscription: StripeSubscription | null,
    ownerVerified?: boolean,
  ): Store {
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      client: row.client,
      website_url: row.websiteUrl,
      affiliate_website_url: row.affiliateWebsiteUrl,
      logo_url: row.logoUrl,
      contact_first_name: row.contactFirstName,
      contact_last_name: row.contactLastName,
      contact_email: row.contactEmail,
      is_approved: row.isApproved,
      declined: row.declined,
      decline_reason: row.declineReason,
      location: row.location,
      primary_category: row.primaryCategory,
      url: storePageUrl(deps, row),
      stripe_subscription: subscription,
      ...(ownerVerified === undefined
        ? {}
        : { awaiting_email_verification: !ownerVerified && !row.isApproved }),
    };
  }

  /**
   * Runs a store write (in a transaction when `inTransaction` or when the logo_url points at
   * an upload on this server) and, once a row is saved with such a logo, checks the upload
   * still exists; if not, nothing is saved and logo_url gets a field error. The check comes
   * after the write: the write waits for a sweep in flight (see
   * imagesRepository.deleteUnreferencedBefore), so an upload that sweep deleted is seen as
   * gone, and one still there is referenced by the time any later sweep looks.
   */
  async function saveCheckingLogo(params: {
    logoUrl: string | undefined;
    inTransaction: boolean;
    write: (executor: Executor) => Promise<StoreRow | undefined>;
  }): Promise<StoreRow | undefined> {
    const publicId = params.logoUrl ? mediaPublicId(params.logoUrl) : undefined;
    if (publicId === undefined && !params.inTransaction) return params.write(deps.db);
    return deps.db.transaction(async (tx) => {
      const row = await params.write(tx);
      if (row && publicId !== undefined && !(await deps.uploads.imageExists(publicId, tx))) {
        throw ValidationFailed.field('logo_url', MESSAGES.logoUnavailable);
      }
      return row;
    });
  }

  /**
   * The owner's store outside a transaction: the instance's copy when there is one. Its id,
   * owner and client never change, and any write through this instance forgets the copy
   * before its answer leaves (app.ts), so the rules decided in a transaction still read the
   * row themselves (`findByOwner` with the transaction, or `lockByOwner`).
   */
  async function heldByOwner(userId: number): Promise<StoreRow | undefined> {
    if (deps.heldStoreOf) return (await deps.heldStoreOf(userId)) ?? undefined;
    return repo.findByOwner(userId);
  }

  /** The caller's own store; 404 when they have none. */
  async function ownStore(caller: Caller): Promise<StoreRow> {
    const store = await heldByOwner(caller.userId);
    if (!store) throw new NotFound();
    return store;
  }

  return {
    toWireWith,
    ownStore,
    findById: (id: number) => repo.findById(id),
    /** The owner's store: read in the caller's transaction when given, else as the instance holds it. */
    findByOwner: (userId: number, executor?: Executor) =>
      executor === undefined ? heldByOwner(userId) : repo.findByOwner(userId, executor),
    /** The owner's store row, locked until the transaction ends. */
    lockByOwner: (userId: number, storeId: number, tx: Executor) =>
      repo.lockByOwner(userId, storeId, tx),
    /** Adds work to the transaction of every later resubmission (an edit of a declined store). */
    onResubmitted(listener: ResubmissionListener): void {
      resubmissionListeners.push(listener);
    },
    /**
     * The owner verified their email (in that transaction): a store of theirs not yet reviewed
     * enters the review queue now, at the end (the queue lists verified owners' stores only).
     */
    async enterReview(userId: number, at: Date, tx: Executor): Promise<void> {
      const store = await repo.findByOwner(userId, tx);
      if (store && !store.isApproved && !store.declined)
        await repo.update(store.id, { queuedAt: at }, tx);
    },
    /** Records a review decision on the store, in the reviewer's transaction. */
    async setReviewOutcome(
      storeId: number,
      outcome: { approved: boolean; reason: string },
      tx: Executor,
    ): Promise<void> {
      await repo.update(
        storeId,
        {
          isApproved: outcome.approved,
          declined: !outcome.approved,
          declineReason: outcome.reason,
        },
        tx,
      );
    },

    async create(caller: Caller, body: StoreCreateBody): Promise<StoreRow> {
      const errors = new FieldErrors(checkBody(STORE_RULES, body));
      const slug = body.slug.trim().toLowerCase();
      if (slug === '') errors.add('slug', MESSAGES.required);
      else if (!SLUG_SHAPE.test(slug))
        errors.add('slug', 'Enter a valid "slug" consisting of letters, numbers or hyphens.');
      if (body.client !== caller.client) errors.add('client', MESSAGES.invalidChoice);
      errors.throwIfAny();
      if (await repo.findByOwner(caller.userId))
        throw ValidationFailed.field('non_field_errors', MESSAGES.storeExists);
      if (await repo.slugTaken(slug, undefined))
        throw ValidationFailed.field('slug', MESSAGES.slugTaken);
      const values = editableValues(body);
      const now = deps.clock.now();
      const store: NewStore = {
        userId: caller.userId,
        client: caller.client,
        slug,
        name: values.name ?? '',
        websiteUrl: values.websiteUrl ?? '',
        affiliateWebsiteUrl: values.affiliateWebsiteUrl ?? '',
        logoUrl: values.logoUrl ?? '',
        contactFirstName: values.contactFirstName ?? '',
        contactLastName: values.contactLastName ?? '',
        contactEmail: values.contactEmail ?? '',
        location: body.location?.trim() || LOCATION_CODE,
        primaryCategory: body.primary_category ?? UK_DEFAULT_CATEGORY_ID,
        createdAt: now,
        queuedAt: now,
      };
      const row = await saveCheckingLogo({
        logoUrl: store.logoUrl,
        inTransaction: false,
        write: (executor) => repo.insert(store, executor),
      });
      // A concurrent insert won the slug or the owner's one store.
      if (!row) {
        if (await repo.findByOwner(caller.userId))
          throw ValidationFailed.field('non_field_errors', MESSAGES.storeExists);
        throw ValidationFailed.field('slug', MESSAGES.slugTaken);
      }
      return row;
    },

    /** The caller's store by slug (and id when given); anything else is 404. */
    async update(
      caller: Caller,
      slug: string,
      id: number | undefined,
      body: StoreUpdateBody,
    ): Promise<StoreRow> {
      const store = await repo.findByOwner(caller.userId);
      if (!store || store.slug !== slug || (id !== undefined && store.id !== id))
        throw new NotFound();
      new FieldErrors(checkBody(STORE_RULES, body, { partial: true })).throwIfAny();
      const edited = editableValues(body);
      const values = Object.fromEntries(Object.entries(edited).filter(([, v]) => v !== undefined));
      const row = await saveCheckingLogo({
        logoUrl: edited.logoUrl,
        inTransaction: store.declined,
        write: async (executor) => {
          if (!store.declined) return repo.update(store.id, values, executor);
          // Editing a declined store sends it back to the end of the review queue as pending.
          const at = deps.clock.now();
          const updated = await repo.update(
            store.id,
            { ...values, declined: false, declineReason: '', queuedAt: at },
            executor,
          );
          for (const listener of resubmissionListeners) {
            await listener({ storeId: store.id, merchantId: caller.userId, at }, executor);
          }
          return updated;
        },
      });
      if (!row) throw new NotFound();
      return row;
    },

    async get(caller: Caller, id: number): Promise<StoreRow> {
      const store = await heldByOwner(caller.userId);
      if (!store || store.id !== id) throw new NotFound();
      return store;
    },
  };
}
export type StoreService = ReturnType<typeof storeService>;
