import { getClientConfig, storeSlug } from '@cc/config';
import type {
  LegacyAdvertiser,
  LegacyAdvertiserAddBody,
  LegacyAdvertiserEditBody,
  LegacyContact,
  LegacyContactAddBody,
  LegacyContactEditBody,
  LegacyMerchant,
  StoreUpdateBody,
} from '@cc/contract';
import { NotFound, ValidationFailed } from '../core/http/errors';
import type { AuthService } from '../auth/service';
import type { StoreRow } from '../stores/types';
import type { StoreService } from '../stores/service';
import { mayTouch, ownerOf, type Actor } from './access';
import type { CatalogueService } from './catalogue';
import type { LegacyRepository } from './repository';

/** /api/v1's field names as the legacy bodies name them. */
const ADVERTISER_FIELDS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  website_url: 'WebsiteUrl',
  affiliate_website_url: 'AffiliateWebsiteUrl',
  logo_url: 'LogoUrl',
  contact_first_name: 'ContactFirstName',
  contact_last_name: 'ContactLastName',
  contact_email: 'ContactEmail',
};
const CONTACT_FIELDS: Record<string, string> = {
  contact_first_name: 'FirstName',
  contact_last_name: 'LastName',
  contact_email: 'Email',
};

/** Runs a store write of /api/v1; its field errors come back under the legacy field names. */
async function renamed<T>(names: Record<string, string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    throw new ValidationFailed(
      Object.fromEntries(
        Object.entries(error.fields).map(([field, messages]) => [names[field] ?? field, messages]),
      ),
    );
  }
}

function toContact(store: StoreRow): LegacyContact {
  return {
    ContactId: store.id,
    MerchantId: store.id,
    FirstName: store.contactFirstName,
    LastName: store.contactLastName,
    Email: store.contactEmail,
  };
}

export type AccountDeps = {
  /** The database's users, never /auth/me/'s per-instance copy: these calls read back what they just wrote. */
  users: Pick<AuthService, 'userWithStore' | 'rename'>;
  repo: LegacyRepository;
  stores: Pick<StoreService, 'create' | 'update'>;
  catalogue: CatalogueService;
};

/**
 * Advertisers (a merchant account: the user and its store), their merchants read by
 * owner or staff, and contacts (the store's contact fields). Writes go through the
 * store service, so they follow /api/v1's validation and messages.
 */
export function accountService(deps: AccountDeps) {
  const { users, repo, catalogue } = deps;

  /** The account the actor may act on: their own (the default), or any for staff; else 404. */
  async function accountOf(actor: Actor, advertiserId = actor.caller.userId) {
    if (!actor.staff && advertiserId !== actor.caller.userId) throw new NotFound();
    const found = await users.userWithStore(advertiserId);
    if (!found) throw new NotFound();
    return found;
  }

  async function storeOf(actor: Actor, storeId: number): Promise<StoreRow> {
    return mayTouch(actor, (await repo.storeById(storeId))?.store);
  }

  async function merchantOf(storeId: number): Promise<LegacyMerchant> {
    const merchant = await catalogue.anyMerchant(storeId);
    if (!merchant) throw new NotFound();
    return merchant;
  }

  async function advertiser(advertiserId: number): Promise<LegacyAdvertiser> {
    const found = await users.userWithStore(advertiserId);
    if (!found) throw new NotFound();
    const { user, store } = found;
    return {
      AdvertiserId: user.id,
      Email: user.email,
      FirstName: user.firstName,
      LastName: user.lastName,
      ClientId: user.client,
      EmailVerified: user.emailVerified,
      Merchant: store ? await merchantOf(store.id) : null,
    };
  }

  async function editContact(
    actor: Actor,
    storeId: number,
    body: StoreUpdateBody,
  ): Promise<LegacyContact> {
    const store = await storeOf(actor, storeId);
    await renamed(CONTACT_FIELDS, () =>
      deps.stores.update(ownerOf(store, actor.caller), store.slug, store.id, body),
    );
    return toContact(await storeOf(actor, storeId));
  }

  return {
    merchant: async (actor: Actor, merchantId: number) =>
      merchantOf((await storeOf(actor, merchantId)).id),

    async merchantOfAdvertiser(actor: Actor, advertiserId: number): Promise<LegacyMerchant> {
      const { store } = await accountOf(actor, advertiserId);
      if (!store) throw new NotFound();
      return merchantOf(store.id);
    },

    advertiser: async (actor: Actor, advertiserId?: number) =>
      advertiser((await accountOf(actor, advertiserId)).user.id),

    /** The advertiser whose source record (its merchant) this is. */
    async advertiserBySource(actor: Actor, sourceId: number): Promise<LegacyAdvertiser> {
      return advertiser((await storeOf(actor, sourceId)).userId);
    },

    /** Adds the account's store, as POST /api/v1/stores/ does; the slug defaults to the name's. */
    async addAdvertiser(actor: Actor, body: LegacyAdvertiserAddBody): Promise<LegacyAdvertiser> {
      const { user } = await accountOf(actor, body.AdvertiserId);
      const { client } = user;
      await renamed(ADVERTISER_FIELDS, () =>
        deps.stores.create(
          { userId: user.id, client, sessionId: actor.caller.sessionId },
          {
            name: body.Name,
            website_url: body.WebsiteUrl,
            affiliate_website_url: body.AffiliateWebsiteUrl,
            logo_url: body.LogoUrl,
            contact_first_name: body.ContactFirstName,
            contact_last_name: body.ContactLastName,
            contact_email: body.ContactEmail,
            client,
            slug: body.Slug ?? storeSlug(body.Name, getClientConfig(client).slugSuffix),
          },
        ),
      );
      return advertiser(user.id);
    },

    /** Edits the account's names and its store's name, addresses and logo (as PUT /api/v1/stores/ does). */
    async editAdvertiser(actor: Actor, body: LegacyAdvertiserEditBody): Promise<LegacyAdvertiser> {
      const { user, store } = await accountOf(actor, body.AdvertiserId);
      const edit = {
        name: body.Name,
        website_url: body.WebsiteUrl,
        affiliate_website_url: body.AffiliateWebsiteUrl,
        logo_url: body.LogoUrl,
      };
      if (Object.values(edit).some((value) => value !== undefined)) {
        if (!store) throw new NotFound();
        await renamed(ADVERTISER_FIELDS, () =>
          deps.stores.update(ownerOf(store, actor.caller), store.slug, store.id, edit),
        );
      }
      const names = { firstName: body.FirstName?.trim(), lastName: body.LastName?.trim() };
      if (names.firstName !== undefined || names.lastName !== undefined) {
        await users.rename(
          user.id,
          Object.fromEntries(Object.entries(names).filter(([, value]) => value !== undefined)),
        );
      }
      return advertiser(user.id);
    },

    contact: async (actor: Actor, contactId: number) => toContact(await storeOf(actor, contactId)),
    contacts: async (actor: Actor, merchantId: number) => [
      toContact(await storeOf(actor, merchantId)),
    ],

    /** Sets the merchant's one contact (first and last name left out are cleared). */
    addContact: (actor: Actor, body: LegacyContactAddBody) =>
      editContact(actor, body.MerchantId, {
        contact_first_name: body.FirstName ?? '',
        contact_last_name: body.LastName ?? '',
        contact_email: body.Email,
      }),

    /** Edits the contact's fields that are sent. */
    editContact: (actor: Actor, body: LegacyContactEditBody) =>
      editContact(actor, body.ContactId, {
        contact_first_name: body.FirstName,
        contact_last_name: body.LastName,
        contact_email: body.Email,
      }),
  };
}
export type AccountService = ReturnType<typeof accountService>;
