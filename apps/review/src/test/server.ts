import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StaffMe } from '@cc/contract';

/** The signed-in member every test answers unless it says otherwise: an admin. */
export const ADMIN_ME: StaffMe = { id: 2, email: 'staff@couponcenter.local', role: 'admin' };

/**
 * The HTTP layer of the console's tests: each test answers the calls it expects; the
 * member's role (GET /staff/me/) is an admin's unless a test answers it otherwise.
 */
export const server = setupServer(http.get('*/api/v1/staff/me/', () => HttpResponse.json(ADMIN_ME)));
