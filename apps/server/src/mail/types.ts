/** A mail to queue in the outbox, for the features that send mail. */
export type { NewMail } from './repository';
