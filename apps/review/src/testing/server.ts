import { setupServer } from 'msw/node';
import { adminMe } from './api-answers';

/**
 * The HTTP layer of the console's tests: each test answers the calls it expects; the
 * member's role (GET /staff/me/) is an admin's unless a test answers it otherwise.
 */
export const server = setupServer(adminMe());
