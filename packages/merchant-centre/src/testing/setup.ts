import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

/** False in the files that run in Node (the prerender test). */
const hasDom = typeof window !== 'undefined';

if (hasDom) window.scrollTo = () => undefined;
// Lazy route chunks load through the module graph; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

/** The calls of the running test that no handler answered. */
const unanswered: string[] = [];

// onUnhandledRequest 'error': a call no handler answers fails in the screen, and the test fails
// after it (afterEach below) even when the screen shows nothing of the failure.
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
beforeEach(() => {
  if (!hasDom) return;
  localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
/** The calls on their way (MSW request ids). */
const pending = new Set<string>();
server.events.on('request:start', ({ requestId }) => pending.add(requestId));
server.events.on('request:end', ({ requestId }) => pending.delete(requestId));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * After the screen is gone, its last calls still get this test's handlers: work the screen
 * started just before the test ended (a query's thunk on its way to fetch) sends its call
 * within a task, and the calls under way end (at most 2 s) before the handlers are reset.
 * Else a late call would fail the next test, which made none, or its toast show there.
 */
async function lastCallsAnswered(): Promise<void> {
  await nextTask();
  const until = Date.now() + 2000;
  while (pending.size > 0 && Date.now() < until) await nextTask();
  await nextTask();
}

afterEach(async () => {
  if (hasDom) cleanup();
  await lastCallsAnswered();
  // A toast asked for after the screen closed waits in the library for the next screen's container.
  if (hasDom) (await import('@cc/ui/toast-container')).toast.dismiss();
  server.resetHandlers();
  const calls = unanswered.splice(0);
  if (calls.length > 0) throw new Error(`No MSW handler answered: ${calls.join(', ')}`);
});
afterAll(() => server.close());
