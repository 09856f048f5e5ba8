import type { ClientId } from '@cc/config';
import type { MailPreferences, MailPreferencesBody, OptionalMailKind } from '@cc/contract';
import type { Clock } from '../core/platform/clock';
import type { OwnerRead } from '../core/cache/owner-reads';
import type { Caller } from '../core/data/deps';
import type { LifecycleMailRepository } from './repository';
import type { UnsubscribeTokens } from './unsubscribe-token';
import type { StoreService } from '../stores/service';

/** What a one-click unsubscribe link names, for its confirmation page. */
export type UnsubscribeTarget = {
  storeId: number;
  storeName: string;
  client: ClientId;
  kind: OptionalMailKind;
};

/** The owner's choice of optional mails (/my-store), and one-click unsubscribes from a mail. */
export function mailPreferencesService(deps: {
  stores: Pick<StoreService, 'ownStore'>;
  repo: LifecycleMailRepository;
  clock: Clock;
  tokens: UnsubscribeTokens;
  /** The owner's choice as this instance holds it (core/cache/owner-reads.ts). */
  ownerRead: OwnerRead;
}) {
  const { stores, repo, clock } = deps;

  /** The store and kind a token names; undefined for a bad token or a store that is gone. */
  async function target(token: string): Promise<UnsubscribeTarget | undefined> {
    const ref = deps.tokens.verify(token);
    const owner = ref && (await repo.storeOwner(ref.storeId));
    if (!ref || !owner) return undefined;
    return {
      storeId: ref.storeId,
      storeName: owner.storeName,
      client: owner.client,
      kind: ref.kind,
    };
  }

  return {
    async preferences(caller: Caller): Promise<MailPreferences> {
      const { id } = await stores.ownStore(caller);
      return deps.ownerRead(id, 'mail_preferences', () => repo.preferences(id));
    },

    /** Saves the kinds sent over the saved ones and answers all three. */
    async savePreferences(caller: Caller, body: MailPreferencesBody): Promise<MailPreferences> {
      const store = await stores.ownStore(caller);
      return repo.savePreferences(store.id, body, clock.now());
    },

    target,

    /** Turns off the kind a token names, without sign-in; undefined when the token is not valid. */
    async unsubscribe(token: string): Promise<UnsubscribeTarget | undefined> {
      const found = await target(token);
      if (!found || !(await repo.turnOff(found.storeId, found.kind, clock.now()))) return undefined;
      return found;
    },
  };
}
export type MailPreferencesService = ReturnType<typeof mailPreferencesService>;
