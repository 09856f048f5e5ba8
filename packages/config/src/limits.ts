/** Business constants and limits of SPEC section 9, shared by server and client. */
export const MAX_COUPONS_PER_STORE = 10;
export const DESCRIPTION_MAX_LENGTH = 120;
export const COUNTED_INPUT_DEFAULT_LIMIT = 120;
export const PASSWORD_MIN_LENGTH = 6;
export const LOGO_WIDTH = 120;
export const LOGO_HEIGHT = 40;
/** Largest logo file the upload endpoint accepts, in bytes. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const CLIENT_IDS = [7, 8, 10] as const;
export const UK_DEFAULT_CATEGORY_ID = 1536;
export const LOCATION_CODE = 'uk';

/** Fixed values the merchant site sends (SPEC sections 6 and 9). */
export const SITE_KEY = 7;
export const LOGIN_SITE_ID = 8;
export const FORGOT_PASSWORD_SITE_ID = 2;
export const REGISTER_USER_TYPE = 2;
export const REGISTER_SITE_ID = 7;
export const STORE_CLIENT_ID = 7;
export const REGISTER_PLACEHOLDER_NAME = 'N/A';

/** Header names carrying the fixed site identity on every call. */
export const SITE_KEY_HEADER = 'x-site-key';
export const COUPON_CENTER_HEADER = 'x-coupon-center';
export const CLIENT_ID_HEADER = 'x-client-id';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DEFAULT_COUPON_MINIMUM = 10;
export const DEFAULT_COUPON_SAVINGS = 20;
export const DEFAULT_COUPON_DURATION_MONTHS = 1;
export const BILLING_PERIOD_MONTHS = 1;

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_LIMIT = 20;
export const NOTIFICATION_AUTO_HIDE_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Email token lifetimes. */
export const VERIFY_EMAIL_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A staff invitation's link works this long. */
export const STAFF_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/** Select heights by size 0 to 11, in px; 11 is full height. */
export const SELECT_HEIGHTS = [40, 12, 20, 28, 36, 48, 56, 64, 72, 80, 96, 'full'] as const;
