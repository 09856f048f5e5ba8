export { makeTestStore } from './test-store';
export type { TestState } from './test-store';
