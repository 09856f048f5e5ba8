import { http, HttpResponse } from 'msw';
import { PasskeyCancelled, type PasskeyCeremony } from '@cc/api/passkeys';
import { PASSKEY_MESSAGES, type Passkey, type PasskeyCredential } from '@cc/contract';
import { apiPath } from './api-handlers';

/** Passkeys' answers for the section's stories and tests, in the contract's wire shapes; the password is `demo1234`. */

export const LAPTOP: Passkey = {
  id: 1,
  name: 'Work laptop',
  created_at: '2025-11-02T12:00:00.000Z',
  last_used_at: '2025-11-20T08:30:00.000Z',
};
export const PHONE: Passkey = {
  id: 2,
  name: 'Phone',
  created_at: '2025-11-10T09:15:00.000Z',
  last_used_at: null,
};

const CREDENTIAL: PasskeyCredential = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

/** A stand-in for the browser's WebAuthn: makes a passkey at once, or (`cancels`) as if the prompt was closed. */
export function fakeCeremony(
  params: { cancels?: boolean; isSupported?: boolean } = {},
): PasskeyCeremony {
  const answer = () =>
    params.cancels
      ? Promise.reject(new PasskeyCancelled(PASSKEY_MESSAGES.cancelled))
      : Promise.resolve(CREDENTIAL);
  return { isSupported: () => params.isSupported ?? true, create: answer, get: answer };
}

/** The section's calls over a list kept here: options after the password, adding, renaming, removing. */
export function passkeyHandlers(initial: Passkey[] = [LAPTOP, PHONE]) {
  let list = [...initial];
  return {
    passkeys: http.get(apiPath('account/passkeys/'), () => HttpResponse.json({ results: list })),
    options: http.post(apiPath('account/passkeys/options/'), async ({ request }) => {
      const body = (await request.json()) as { password: string };
      return body.password === 'demo1234'
        ? HttpResponse.json({ challenge: 'abc', rp: { id: 'localhost', name: 'VoucherNest' } })
        : HttpResponse.json({ password: [PASSKEY_MESSAGES.wrongPassword] }, { status: 400 });
    }),
    add: http.post(apiPath('account/passkeys/'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      const added: Passkey = {
        id: list.length + 10,
        name: body.name,
        created_at: '2025-11-21T10:00:00.000Z',
        last_used_at: null,
      };
      list = [...list, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    rename: http.patch(apiPath('account/passkeys/:id/'), async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      list = list.map((passkey) =>
        passkey.id === Number(params.id) ? { ...passkey, name: body.name } : passkey,
      );
      return HttpResponse.json(list.find((passkey) => passkey.id === Number(params.id)));
    }),
    remove: http.delete(apiPath('account/passkeys/:id/'), ({ params }) => {
      list = list.filter((passkey) => passkey.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  };
}
