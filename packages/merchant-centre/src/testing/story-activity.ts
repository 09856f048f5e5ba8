import type { AccountActivityEntry } from '@cc/contract';

/** "Recent activity" answers for the stories and tests: a past day, newest first. */
export const ACTIVITY: AccountActivityEntry[] = [
  {
    id: 3,
    at: '2025-11-21T12:00:00.000Z',
    action: 'auth.sign_in',
    ip: '203.0.113.7',
    device: 'Chrome 142 on macOS 15',
  },
  {
    id: 2,
    at: '2025-11-20T09:30:00.000Z',
    action: 'auth.sign_in_failed',
    ip: '198.51.100.23',
    device: '',
  },
  {
    id: 1,
    at: '2025-11-19T08:00:00.000Z',
    action: 'auth.password_changed',
    ip: '203.0.113.7',
    device: '',
  },
];
