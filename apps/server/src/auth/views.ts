import { publishedView } from '../core/data/published-view';
import { userDirectory } from './read-model';
import { users } from './schema';

/**
 * The accounts as other features read them in SQL (an owner's or a reviewer's address): no
 * password hash, no role. This declaration is the migrations' (drizzle-kit); the readers
 * select through read-model.ts. Writes and sign-in go through the auth service.
 */
export const userDirectoryView = publishedView(users, userDirectory);
