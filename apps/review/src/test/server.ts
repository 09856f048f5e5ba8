import { setupServer } from 'msw/node';

/** The HTTP layer of the console's tests: each test answers the calls it expects. */
export const server = setupServer();
