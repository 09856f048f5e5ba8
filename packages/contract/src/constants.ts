// Plain runtime values of the contract, kept apart from the TypeBox schemas so that
// browser code importing them (with MESSAGES) does not bundle the schema library.
// The offer types, groups and labels are in ./offer.

export const SUBSCRIPTION_STATUSES = [
  'active',
  'incomplete',
  'past_due',
  'unpaid',
  'canceled',
  'trialing',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Request header naming the audience of a session. The staff console sends
 * `x-session-audience: staff` so its refresh cookie never mixes with a merchant's on
 * the same host; brand apps send nothing.
 */
export const SESSION_AUDIENCE_HEADER = 'x-session-audience';
export const STAFF_AUDIENCE = 'staff';

/**
 * The upload's optional `fit` field: `contain` scales the image into 120x40 px, keeping its
 * proportions, pads the rest with transparency and stores it as PNG.
 */
export const UPLOAD_FIT_CONTAIN = 'contain';

// The field rules the forms share with the server, and the table both sides are tested with.
export * from './rules';
