import { delay, http, HttpResponse } from 'msw';
import type { HttpHandler, JsonBodyType } from 'msw';
import { API_BASE_PATH } from '@cc/api/constants';
import type { StaffMe } from '@cc/contract';
import { ADMIN } from './console-fixtures';

/**
 * The console's API answers, for the screen tests (test/server.ts, in Node) and the stories
 * (Storybook's service worker): each answers one call of lib/review-api.ts or a feature's
 * *-api.ts, its path written as there, under the API base.
 */

type Method = 'get' | 'post' | 'patch' | 'delete';

const url = (path: string) => `*${API_BASE_PATH}/${path}`;

/** `method path` answered with `body` as JSON (no body for null) and `status`. */
export const answer = (
  method: Method,
  path: string,
  body: JsonBodyType,
  status = 200,
): HttpHandler =>
  http[method](url(path), () =>
    body === null ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status }),
  );

/** GET `path` answered with what `bodyOf` makes of the call's query string. */
export const answerByQuery = (
  path: string,
  bodyOf: (query: URLSearchParams) => JsonBodyType,
): HttpHandler =>
  http.get(url(path), ({ request }) =>
    HttpResponse.json(bodyOf(new URL(request.url).searchParams)),
  );

/**
 * `method path` never answered: the screen stays as it is while it waits. Storybook's preview
 * waits after each story for its calls to end, so the call is named to it as one that never does
 * (the event packages/ui/.storybook/preview.tsx listens for).
 */
export const unanswered = (method: Method, path: string): HttpHandler =>
  http[method](url(path), ({ requestId }) => {
    globalThis.dispatchEvent(new CustomEvent('story:endless-call', { detail: requestId }));
    return delay('infinite').then(() => new HttpResponse(null, { status: 204 }));
  });

/** The signed-in member is an admin (GET /staff/me/): the console shows them the Audit and Staff screens. */
const ADMIN_ME: StaffMe = { id: ADMIN.id, email: ADMIN.email, role: 'admin' };
export const adminMe = () => answer('get', 'staff/me/', ADMIN_ME);
