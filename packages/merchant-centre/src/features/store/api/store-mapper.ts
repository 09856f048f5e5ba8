import { storeSlug, withScheme } from '@cc/config';
import type { ClientConfig } from '@cc/config';
import type { Store, StoreCreateBody, StoreUpdateBody, StripeSubscription } from '@cc/contract';

/** Store as used by screens (SPEC section 3), in camelCase. */
export type ScreenStore = {
  storeId: number;
  name: string;
  slug: string;
  client: number;
  websiteUrl: string;
  affiliateWebsiteUrl: string;
  logoUrl: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  isApproved: boolean;
  isDeclined: boolean;
  declineReason: string;
  location: string;
  primaryCategory: number;
  /** The public store page. */
  pageUrl: string;
  subscription: {
    status: StripeSubscription['status'];
    /** Unix seconds. */
    startDate: number;
    /** Unix seconds, null unless canceled. */
    canceledAt: number | null;
    /** Unix seconds: the end of the paid period; null when unknown. */
    currentPeriodEnd: number | null;
  } | null;
};

/** What the store form edits: the contact and logo fields, as the inputs hold them. */
export type StoreDraft = Pick<
  ScreenStore,
  | 'name'
  | 'websiteUrl'
  | 'affiliateWebsiteUrl'
  | 'logoUrl'
  | 'contactFirstName'
  | 'contactLastName'
  | 'contactEmail'
>;

/** Each draft field and the wire field it travels as; server field errors come back by the wire name. */
export const STORE_WIRE_FIELDS: Readonly<Record<keyof StoreDraft, keyof StoreUpdateBody>> = {
  name: 'name',
  websiteUrl: 'website_url',
  affiliateWebsiteUrl: 'affiliate_website_url',
  logoUrl: 'logo_url',
  contactFirstName: 'contact_first_name',
  contactLastName: 'contact_last_name',
  contactEmail: 'contact_email',
};

const DRAFT_FIELDS = Object.keys(STORE_WIRE_FIELDS) as (keyof StoreDraft)[];

/** The draft field a wire field's error belongs to, if the form shows it. */
export function storeDraftField(wireField: string): keyof StoreDraft | undefined {
  return DRAFT_FIELDS.find((field) => STORE_WIRE_FIELDS[field] === wireField);
}

/** Wire -> screen. */
export function toScreenStore(store: Store): ScreenStore {
  const subscription = store.stripe_subscription;
  return {
    storeId: store.id,
    name: store.name,
    slug: store.slug,
    client: store.client,
    websiteUrl: store.website_url,
    affiliateWebsiteUrl: store.affiliate_website_url,
    logoUrl: store.logo_url,
    contactFirstName: store.contact_first_name,
    contactLastName: store.contact_last_name,
    contactEmail: store.contact_email,
    isApproved: store.is_approved,
    isDeclined: store.declined,
    declineReason: store.decline_reason,
    location: store.location,
    primaryCategory: store.primary_category,
    pageUrl: store.url,
    subscription: subscription && {
      status: subscription.status,
      startDate: subscription.start_date,
      canceledAt: subscription.canceled_at,
      currentPeriodEnd: subscription.current_period_end,
    },
  };
}

/** The form's starting values: the store's fields, or empty ones before a store exists. */
export function toStoreDraft(store: ScreenStore | null): StoreDraft {
  return {
    name: store?.name ?? '',
    websiteUrl: store?.websiteUrl ?? '',
    affiliateWebsiteUrl: store?.affiliateWebsiteUrl ?? '',
    logoUrl: store?.logoUrl ?? '',
    contactFirstName: store?.contactFirstName ?? '',
    contactLastName: store?.contactLastName ?? '',
    contactEmail: store?.contactEmail ?? '',
  };
}

/** Draft -> the editable wire fields (PUT /stores/{slug}): trimmed, http:// before a bare domain. */
export function toStoreBody(draft: StoreDraft): Required<StoreUpdateBody> {
  return {
    name: draft.name.trim(),
    contact_first_name: draft.contactFirstName.trim(),
    contact_last_name: draft.contactLastName.trim(),
    contact_email: draft.contactEmail.trim(),
    logo_url: draft.logoUrl,
    website_url: withScheme(draft.websiteUrl),
    affiliate_website_url: draft.affiliateWebsiteUrl.trim()
      ? withScheme(draft.affiliateWebsiteUrl)
      : '',
  };
}

/**
 * Draft -> POST /stores/: the editable fields plus the brand's client id, the slug
 * from the name and the brand's suffix, and the configured location and category.
 */
export function toStoreCreateBody(
  draft: StoreDraft,
  brand: Pick<ClientConfig, 'clientId' | 'slugSuffix' | 'location' | 'primaryCategory'>,
): StoreCreateBody {
  const body = toStoreBody(draft);
  return {
    ...body,
    client: brand.clientId,
    slug: storeSlug(body.name, brand.slugSuffix),
    location: brand.location,
    primary_category: brand.primaryCategory,
  };
}
