import type { OutboxRow } from './repository';
import type { AttachmentRef } from './schema';

/** A mail to queue in the outbox, for the features that send mail. */
export type { NewMail } from './repository';

/** A file attached to a mail as it is sent: built then, from what the outbox row names. */
export type MailAttachment = {
  filename: string;
  contentType: string;
  content: () => Promise<Buffer>;
};

/**
 * The file behind one kind of attachment reference (an invoice by its number): the outbox
 * keeps the reference, never the bytes, and the file is built when the mail is sent.
 */
export type AttachmentSource = (ref: AttachmentRef, mail: OutboxRow) => MailAttachment;

export type { AttachmentRef };
