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
afterEach(() => {
  if (hasDom) cleanup();
  server.resetHandlers();
  const calls = unanswered.splice(0);
  if (calls.length > 0) throw new Error(`No MSW handler answered: ${calls.join(', ')}`);
});
afterAll(() => server.close());
