import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyCredential, PasskeyOptions } from '@cc/contract';

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** WebAuthn's authenticator data flags. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_DATA = 0x40;

type StoredCredential = {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
};

/**
 * A software authenticator for the server tests: ES256 keys from node:crypto, "none"
 * attestation, a signature counter. It answers the server's options as a browser with a
 * passkey would, from any origin the test names (a wrong one included).
 */
export function softwareAuthenticator(
  options: { verifiesUser?: boolean; countsSignatures?: boolean } = {},
) {
  const credentials: StoredCredential[] = [];
  const flags = USER_PRESENT | (options.verifiesUser === false ? 0 : USER_VERIFIED);
  const counts = options.countsSignatures !== false;

  function clientData(
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    origin: string,
  ): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  function authData(rpId: string, extraFlags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags | extraFlags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  return {
    credentials,

    /** navigator.credentials.create: a new passkey for the options' RP and user, as seen from `origin`. */
    create(creation: PasskeyOptions, origin: string, rpId?: string): PasskeyCredential {
      const rp = (creation as { rp?: { id?: string } }).rp?.id ?? '';
      const user = (creation as { user?: { id?: string } }).user?.id ?? '';
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const id = randomBytes(16);
      const credentialLength = Buffer.alloc(2);
      credentialLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), credentialLength, id, Buffer.from(cose)]);
      const stored = { id, privateKey, rpId: rpId ?? rp, userHandle: user, counter: 0 };
      credentials.push(stored);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(stored.rpId, ATTESTED_DATA, 0, attested)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /**
     * navigator.credentials.get: an assertion by `credential` (the newest by default) over the
     * options' challenge, as seen from `origin`. The counter grows by one unless told to repeat.
     */
    get(
      request: PasskeyOptions,
      origin: string,
      params: { credential?: StoredCredential; counter?: number; rpId?: string } = {},
    ): PasskeyCredential {
      const credential = params.credential ?? credentials.at(-1);
      if (!credential) throw new Error('no passkey on this authenticator');
      if (counts) credential.counter = params.counter ?? credential.counter + 1;
      const data = authData(params.rpId ?? credential.rpId, 0, counts ? credential.counter : 0);
      const client = clientData('webauthn.get', request.challenge, origin);
      const signature = sign(
        'sha256',
        Buffer.concat([data, sha256(client)]),
        credential.privateKey,
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;
