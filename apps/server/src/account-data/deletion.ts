import { verify } from '@node-rs/argon2';
import type { ClientId } from '@cc/config';
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD, type DeleteAccountBody } from '@cc/contract';
import type { AuditService } from '../audit/service';
import type { AuthService } from '../auth/service';
import { deleteUser } from '../auth/user-deletion';
import type { Clock } from '../core/platform/clock';
import type { Db } from '../core/data/db';
import type { Caller } from '../core/data/deps';
import { FieldErrors, Unauthorized } from '../core/http/errors';
import { accountDeletedMail } from '../mail/templates';
import type { OutboxService } from '../mail/service';
import type { StoreService } from '../stores/service';
import type { UploadService } from '../uploads/service';

/** What the deletion asks of billing: the processor's immediate cancel (billing/cancel-now.ts). */
export type DeletionBilling = {
  cancelNow: (storeId: number) => Promise<string[]>;
  recordCancelled: (storeId: number, ids: readonly string[]) => Promise<void>;
};

export type AccountDeletionDeps = {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  users: Pick<AuthService, 'userById'>;
  stores: Pick<StoreService, 'findByOwner' | 'lockByOwner'>;
  uploads: Pick<UploadService, 'deleteLogos'>;
  billing: DeletionBilling;
  outbox: Pick<OutboxService, 'enqueue'>;
  /** The audit trail: the deletion is recorded; the account's earlier entries stay. */
  audit: Pick<AuditService, 'record'>;
};

/**
 * "Delete my account". The password and the typed word are checked first; on any error
 * nothing changes. Then, outside any transaction, every live subscription of the store is
 * cancelled at the processor at once (not at the period's end). Then one transaction
 * deletes the user, and with it (foreign keys, migrations 0000 to 0017) the sessions, the
 * refresh and email tokens, the store, its coupons, counts, answers, review history,
 * billing rows and mail preferences; the store's logo upload unless another store uses it;
 * and queues the confirmation mail. Only the invoices stay: their store and transaction
 * become NULL and they keep their own copy of the customer's details. The store's deletion
 * notifies store_changed, so every instance drops its cached page (the page is 404 from then).
 */
export function accountDeletion(deps: AccountDeletionDeps) {
  return {
    async deleteAccount(caller: Caller, body: DeleteAccountBody): Promise<void> {
      const user = await deps.users.userById(caller.userId);
      if (!user) throw new Unauthorized('Authentication credentials were not provided.');
      const errors = new FieldErrors();
      if (body.password === '' || !(await verify(user.passwordHash, body.password))) {
        errors.add('password', ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      if (body.confirmation !== DELETE_CONFIRMATION_WORD)
        errors.add('confirmation', ACCOUNT_MESSAGES.deleteConfirmationWrong);
      errors.throwIfAny();

      const store = await deps.stores.findByOwner(caller.userId, deps.db);
      const cancelled = store ? await deps.billing.cancelNow(store.id) : [];
      const { client } = user;
      try {
        await deps.db.transaction(async (tx) => {
          // Store writes in flight (an edit, a new coupon) finish first; later ones find no store.
          const locked = store
            ? await deps.stores.lockByOwner(caller.userId, store.id, tx)
            : undefined;
          if (!(await deleteUser(user.id, tx)))
            throw new Unauthorized('Authentication credentials were not provided.');
          if (locked?.logoUrl) await deps.uploads.deleteLogos([locked.logoUrl], tx);
          const now = deps.clock.now();
          const mail = accountDeletedMail({
            client,
            origin: deps.brandOrigins[client],
            to: user.email,
            storeName: store?.name ?? null,
          });
          await deps.outbox.enqueue(mail, now, tx);
          await deps.audit.record(
            {
              actor: { userId: user.id, role: 'merchant', email: user.email },
              action: 'account.deleted',
              target: { type: 'user', id: user.id },
              client,
              details: { store_id: store?.id ?? null },
            },
            tx,
          );
        });
      } catch (error) {
        // The store stays: record what the processor now says of its subscriptions.
        if (store && cancelled.length > 0)
          await deps.billing.recordCancelled(store.id, cancelled).catch(() => undefined);
        throw error;
      }
    },
  };
}
export type AccountDeletion = ReturnType<typeof accountDeletion>;
