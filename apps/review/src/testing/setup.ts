import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

/** Calls the running test made that no handler answered. */
const unanswered: string[] = [];

beforeAll(() =>
  server.listen({
    // The call fails in the screen as MSW's "error" strategy makes it, and the test fails
    // too: a screen that handles a failed call quietly must not hide a call nobody expected.
    onUnhandledRequest: (request, print) => {
      unanswered.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);
beforeEach(() => {
  sessionStorage.clear();
  // A call a screen of the test before made once that test had ended is not this test's.
  unanswered.length = 0;
});
afterEach(() => {
  const calls = unanswered.splice(0);
  cleanup();
  server.resetHandlers();
  if (calls.length > 0) throw new Error(`Calls with no mock answer: ${calls.join(', ')}`);
});
afterAll(() => server.close());
