/**
 * The account screen's texts and numbers, a module without schemas: a screen that shows
 * one of them does not bring TypeBox with it (the schemas are in account.ts, which
 * re-exports these).
 */

/** Texts of the account screen and its calls, in the app's words. */
export const ACCOUNT_MESSAGES = {
  currentPasswordWrong: 'Your current password is not correct.',
  passwordUpdated: 'Your password was changed. Every other device was signed out.',
  sameEmail: 'This is already your sign-in email.',
  emailChangeSent:
    'We sent a link to your new address. Your sign-in email changes when you follow it.',
  emailChanged: 'Your sign-in email was changed.',
  emailChangeExpired: 'This link has expired or was already used.',
  emailChangeReverted: 'Your sign-in email was changed back and every device was signed out.',
  verificationSent: 'We sent you a new verification link.',
  verificationTooSoon: 'A verification link was sent less than a minute ago.',
  verifyBeforeReview: 'Verify your email address to send your store to review.',
  alreadyVerified: 'Your email address is already verified.',
  sessionEnded: 'The device was signed out.',
  otherSessionsEnded: 'Every other device was signed out.',
  deleteConfirmationWrong: 'Type DELETE to confirm.',
  accountDeleted: 'Your account was deleted.',
  subscriptionResumed: 'Your subscription was resumed.',
  nothingToResume: 'There is no cancellation to undo.',
  noCardToUpdate: 'There is no card to update: subscribe first.',
} as const;

/** The word the delete form asks to be typed. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** The seconds between two verification mails. */
export const VERIFICATION_RESEND_SECONDS = 60;
