/**
 * Passkeys' texts and numbers, a module without schemas: a screen that shows one of them does
 * not bring TypeBox with it (the schemas are in passkeys.ts).
 */

export const PASSKEY_MESSAGES = {
  sectionTitle: 'Passkeys',
  sectionIntro:
    'A passkey signs you in with your fingerprint, face or device PIN instead of a password. It also works as your second step when two-step sign-in is on.',
  none: 'No passkeys yet.',
  add: 'Add a passkey',
  nameLabel: 'Passkey name',
  nameHint: 'A name to tell it apart, such as the device it is on.',
  defaultName: 'Passkey',
  passwordLabel: 'Your password',
  passwordHint: 'Adding a passkey asks for your password again.',
  added: 'Passkey added.',
  rename: 'Rename',
  renamed: 'Passkey renamed.',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeConfirm: 'Remove this passkey? You can no longer sign in with it.',
  removed: 'Passkey removed.',
  created: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  signInWithPasskey: 'Sign in with a passkey',
  usePasskey: 'Use a passkey',
  cancelled: 'The passkey was not used. Try again, or use another way to sign in.',
  unsupported: 'This browser cannot use passkeys.',
  notRecognised: 'This passkey is not recognised. Sign in with your password.',
  failed: 'The passkey could not be checked. Try again.',
  challengeExpired: 'This passkey request has expired. Try again.',
  alreadyAdded: 'This passkey is already added to an account.',
  notFound: 'Passkey not found.',
  nameRequired: 'Give the passkey a name.',
  wrongPassword: 'Your password is not correct.',
} as const;

/** Passkeys an account may hold, and how long a passkey request (a WebAuthn challenge) works. */
export const PASSKEY_MAX_PER_USER = 10;
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX_LENGTH = 64;
