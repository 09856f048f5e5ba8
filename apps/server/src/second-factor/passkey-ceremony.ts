import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { CLIENTS, type ClientId } from '@cc/config';
import type { PasskeyCredential, PasskeyOptions } from '@cc/contract';
import type { PasskeyRow } from './passkey-repository';

/** The origins passkeys are made and used on, from the settings: each brand's, and the console's. */
export type PasskeyOrigins = {
  brandOrigins: Record<ClientId, string>;
  /** The staff console's origin (API_ORIGIN). */
  consoleOrigin: string;
};

/** Where a passkey request comes from: the brand the request is for, and whether it is the staff console. */
export type PasskeySite = { clientId: ClientId; console: boolean };

/** The relying party of a site: its origin (from the settings, never the request's) and its RP ID, that origin's host. */
export type RelyingParty = { origin: string; rpID: string; name: string };

export function relyingPartyOf(origins: PasskeyOrigins, site: PasskeySite): RelyingParty {
  const origin = site.console ? origins.consoleOrigin : origins.brandOrigins[site.clientId];
  return {
    origin,
    rpID: new URL(origin).hostname,
    name: site.console ? 'Coupon Center staff console' : CLIENTS[site.clientId].appName,
  };
}

export const rpIdOf = (origin: string): string => new URL(origin).hostname;

/** A browser answer the checks below refuse: malformed, another origin or RP, a wrong signature or counter. */
export class CeremonyFailed extends Error {}

/**
 * The challenge the browser signed, read from its client data; undefined when the answer has
 * none. The checks below compare it with the stored one again.
 */
export function signedChallenge(credential: PasskeyCredential): string | undefined {
  try {
    const data: unknown = JSON.parse(
      Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'),
    );
    const challenge =
      typeof data === 'object' && data !== null && 'challenge' in data ? data.challenge : undefined;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** The user handle a passkey carries: the account's id, never its address. */
export const userHandleOf = (userId: number): string =>
  Buffer.from(`user:${userId}`, 'utf8').toString('base64url');

const TIMEOUT_MS = 120_000;

export async function registrationOptions(params: {
  rp: RelyingParty;
  userId: number;
  email: string;
  existing: readonly PasskeyRow[];
}): Promise<PasskeyOptions> {
  return generateRegistrationOptions({
    rpName: params.rp.name,
    rpID: params.rp.rpID,
    userName: params.email,
    userID: Buffer.from(userHandleOf(params.userId), 'base64url'),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: params.existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
    // Discoverable, so it can sign in without the address; verified, so it counts as both factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Checks a new passkey against the challenge and origin it was asked for: its id, public key, counter and transports. */
export async function verifyRegistration(
  credential: PasskeyCredential,
  expected: { challenge: string; origin: string },
) {
  const result = await verifyRegistrationResponse({
    response: credential as unknown as RegistrationResponseJSON,
    expectedChallenge: expected.challenge,
    expectedOrigin: expected.origin,
    expectedRPID: rpIdOf(expected.origin),
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new CeremonyFailed(error instanceof Error ? error.message : 'registration');
  });
  if (!result.verified) throw new CeremonyFailed('not verified');
  const { credential: made } = result.registrationInfo;
  return {
    credentialId: made.id,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    counter: made.counter,
    transports: made.transports ?? [],
  };
}

/** Sign-in options: any discoverable passkey of the site (`allow` empty), or the account's own. */
export async function authenticationOptions(params: {
  rp: RelyingParty;
  allow: readonly PasskeyRow[];
  userVerification: 'required' | 'preferred';
}): Promise<PasskeyOptions> {
  return generateAuthenticationOptions({
    rpID: params.rp.rpID,
    timeout: TIMEOUT_MS,
    userVerification: params.userVerification,
    allowCredentials: params.allow.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
  });
}

/** Checks a sign-in's signature with the stored key; answers the new counter. A counter that did not grow is refused. */
export async function verifyAuthentication(
  credential: PasskeyCredential,
  passkey: PasskeyRow,
  expected: { challenge: string; origin: string; userVerification: boolean },
): Promise<{ counter: number }> {
  const result = await verifyAuthenticationResponse({
    response: credential as unknown as AuthenticationResponseJSON,
    expectedChallenge: expected.challenge,
    expectedOrigin: expected.origin,
    expectedRPID: rpIdOf(expected.origin),
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: expected.userVerification,
  }).catch((error: unknown) => {
    throw new CeremonyFailed(error instanceof Error ? error.message : 'authentication');
  });
  if (!result.verified) throw new CeremonyFailed('not verified');
  return { counter: result.authenticationInfo.newCounter };
}
