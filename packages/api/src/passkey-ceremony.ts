import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES, type PasskeyCredential, type PasskeyOptions } from '@cc/contract';

/**
 * The browser's part of a passkey: make one for the server's options, or sign its challenge.
 * A screen takes one of these (the real one by default; a story or test its own), and gets
 * either the credential to send or the message to show.
 */
export type PasskeyCeremony = {
  isSupported: () => boolean;
  create: (options: PasskeyOptions) => Promise<PasskeyCredential>;
  get: (options: PasskeyOptions) => Promise<PasskeyCredential>;
};

/** Why the browser gave no passkey, in words for the screen. */
export class PasskeyCancelled extends Error {}

function explain(error: unknown): never {
  const name =
    error instanceof WebAuthnError ? error.code : error instanceof Error ? error.name : '';
  // The user closed the prompt, or it timed out: not an error of theirs to read about.
  if (name === 'NotAllowedError' || name === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError')
    throw new PasskeyCancelled(PASSKEY_MESSAGES.cancelled);
  if (name === 'InvalidStateError' || name === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    throw new PasskeyCancelled(PASSKEY_MESSAGES.alreadyAdded);
  throw new PasskeyCancelled(PASSKEY_MESSAGES.failed);
}

export const browserPasskeys: PasskeyCeremony = {
  isSupported: browserSupportsWebAuthn,
  async create(options) {
    // The server's options are WebAuthn's creation options (the contract declares only the challenge).
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    return startRegistration({ optionsJSON }).catch(explain);
  },
  async get(options) {
    return startAuthentication({ optionsJSON: options }).catch(explain);
  },
};

/** The message of a ceremony that gave no passkey, or undefined for another failure. */
export const cancelledMessage = (error: unknown): string | undefined =>
  error instanceof PasskeyCancelled ? error.message : undefined;
