import type { AccountService } from './accounts';
import type { CatalogueService } from './catalogue';
import type { PaymentService } from './payments';
import type { QueueService } from './queue';

/** The catalogue calls' services, built once by the plugin (index.ts) and handed to each route file. */
export type LegacyServices = {
  catalogue: CatalogueService;
  accounts: AccountService;
  queue: QueueService;
  payments: PaymentService;
};
