import { setupServer } from 'msw/node';
import { defaultHandlers } from './api-handlers';

export { DEFAULT_MAIL_PREFERENCES, NO_BILLING_DETAILS } from './api-handlers';

/**
 * The HTTP layer of the screen tests: each test answers the calls it expects.
 * The coupon cards' 30-day counts, the billing details and the email notifications
 * on /my-store answer empty or default unless a test says otherwise (the same
 * defaults the stories start from).
 */
export const server = setupServer(...defaultHandlers);
