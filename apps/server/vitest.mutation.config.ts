import { mergeConfig } from 'vitest/config';
import base from './vitest.config';

// Mutation testing (`pnpm mutation`) runs the same test files once per mutant in one process:
// the modules stay loaded between runs (Stryker switches its mutants on and off at run time),
// so each run pays for the tests and their databases, not for importing the server again.
export default mergeConfig(base, { test: { isolate: false } });
