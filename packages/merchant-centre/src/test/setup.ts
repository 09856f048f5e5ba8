import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

/** False in the files that run in Node (the prerender test). */
const hasDom = typeof window !== 'undefined';

if (hasDom) window.scrollTo = () => undefined;
// Lazy route chunks load through the module graph; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
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
});
afterAll(() => server.close());
