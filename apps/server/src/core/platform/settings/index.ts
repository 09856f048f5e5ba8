import { OPERATIONS_SETTINGS } from './catalogue-operations';
import { SITE_SETTINGS } from './catalogue-site';
import type { Section, Setting } from './schema';

/**
 * Every setting the server reads, in one schema: the parser (read.ts, then env.ts), the
 * README's settings table and the repository's .env.example (docs.ts) all come from it.
 */
export const SETTINGS: readonly Setting[] = [...SITE_SETTINGS, ...OPERATIONS_SETTINGS];

/** The order settings are shown in, by section. */
export const SECTIONS: readonly Section[] = [
  'Server',
  'Database and Redis',
  'Brands',
  'Mail',
  'Billing',
  'Invoices',
  'Limits',
  'Retention',
  'Caches',
  'Operations',
  'Development',
];
