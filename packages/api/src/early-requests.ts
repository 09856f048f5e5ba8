/**
 * Where app.html's route hints leave the requests they send with the document, before the
 * app's code has arrived (routePreloadScript in packages/merchant-centre/build/bundle-report.mjs):
 * a Map on window from each request's URL to the headers it carried and its answer on the way.
 */
export const EARLY_REQUESTS = 'ccEarlyRequests';

/**
 * One request the route hints sent: its headers as JSON of an object with the lower-case names in
 * order (as Headers lists them, so the same headers give the same text), and its answer.
 */
export type EarlyRequest = { headers: string; response: Promise<Response> };

/**
 * The API layer's fetch. A call the route hints already sent takes their answer: only a GET of the
 * same URL with every header the same (so the same access token), at most once (the entry goes
 * whether it matched or not), and only a 2xx answer; any other status or a network failure is
 * dropped and the call goes out as usual, so its errors (a 401's refresh included) are handled as
 * they always are. A call that writes drops every early answer, which could be older than its change.
 */
export async function fetchTakingEarly(input: RequestInfo): Promise<Response> {
  // fetchBaseQuery calls its fetchFn with the Request it built.
  const request = input as Request;
  // From the API layer's first look on there is a Map: route hints that run that late send nothing.
  const page = globalThis as { [EARLY_REQUESTS]?: Map<string, EarlyRequest> };
  const early = (page[EARLY_REQUESTS] ??= new Map<string, EarlyRequest>());
  if (request.method !== 'GET') early.clear();
  const entry = early.get(request.url);
  early.delete(request.url);
  const isSame =
    entry !== undefined && entry.headers === JSON.stringify(Object.fromEntries(request.headers));
  const response = isSame ? await entry.response.catch(() => null) : null;
  return response?.ok ? response : fetch(request);
}
