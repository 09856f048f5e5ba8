import type { Db } from '../db/client';
import { couponsRepository } from './coupons';
import { imagesRepository } from './images';
import { outboxRepository } from './outbox';
import { storesRepository } from './stores';
import { tokensRepository } from './tokens';
import { usersRepository } from './users';

export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    tokens: tokensRepository(db),
    stores: storesRepository(db),
    coupons: couponsRepository(db),
    images: imagesRepository(db),
    outbox: outboxRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
