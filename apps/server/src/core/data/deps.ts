import type { ClientId } from '@cc/config';
import type { Clock } from '../platform/clock';
import type { Db } from './db';

/**
 * What every feature's service is built from: the database, the one clock and each brand's
 * origin. A feature's plugin builds its own repository from `db`; what it needs of another
 * feature it takes from that feature's service (`app.stores`, `app.billing`, ...).
 */
export type CoreDeps = {
  db: Db;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
};

/**
 * The authenticated caller, from the access token: the user, their brand, and the session
 * (sessions.id, the token's `sid`) the call was made from.
 */
export type Caller = { userId: number; client: ClientId; sessionId: string };
