import nodemailer from 'nodemailer';
import { CLIENT_IDS, type ClientId } from '@cc/config';
import type { Clock } from '../core/platform/clock';
import type { OutboxRepository, OutboxRow } from './repository';
import type { MailAttachment } from './types';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
const LEASE_MS = 2 * 60 * 1000;

/** A file as it goes out with a mail. */
export type SentAttachment = { filename: string; contentType: string; content: Buffer };

export type Sender = (mail: OutboxRow, attachments: SentAttachment[]) => Promise<void>;

/** The brands a sender has an address for (MAIL_FROM_<KEY>), each brand's mail from its own. */
export type Senders = Partial<Record<ClientId, string>>;

/** The clients `from` has a sender for: the only mail a worker with it claims. */
export const sendingClients = (from: Senders): ClientId[] =>
  CLIENT_IDS.filter((id) => from[id] !== undefined);

export function smtpSender(smtp: { url: string; from: Senders }): Sender {
  const transport = nodemailer.createTransport(smtp.url);
  return async (mail, attachments = []) => {
    const from = smtp.from[mail.client];
    // A worker claims only its senders' brands (sendingClients); a row of another is refused, and retried.
    if (!from) throw new Error(`no sender address for client ${mail.client} on this instance`);
    await transport.sendMail({
      from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers ?? undefined,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  };
}

/** Exponential backoff after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/**
 * Sends the outbox. Each pass claims due rows (FOR UPDATE SKIP LOCKED, with a
 * lease so a crashed worker's rows come back), builds their attachments and sends
 * them outside any transaction, and records the outcome.
 */
export function mailWorker(params: {
  outbox: OutboxRepository;
  clock: Clock;
  send: Sender;
  batch?: number;
  /** The files a mail carries (mail/service.ts attach); none when not given. */
  attachmentsOf?: (mail: OutboxRow) => MailAttachment[];
  /** Claims only the mail of these clients (the brands it has a sender for); every client's when not given. */
  clients?: readonly ClientId[];
}) {
  const { outbox, clock, send } = params;

  async function runOnce(): Promise<number> {
    const claimed = await outbox.claim(clock.now(), LEASE_MS, params.batch ?? 10, params.clients);
    for (const mail of claimed) {
      try {
        // Built now, from the reference the row keeps; a file that cannot be built is retried like a refused send.
        const files = await Promise.all(
          (params.attachmentsOf?.(mail) ?? []).map(async (file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: await file.content(),
          })),
        );
        await send(mail, files);
        await outbox.markSent(mail.id, clock.now());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          mail.attempts < MAX_ATTEMPTS
            ? new Date(clock.now().getTime() + retryDelay(mail.attempts))
            : undefined;
        await outbox.markFailed(mail.id, message.slice(0, 500), retryAt);
      }
    }
    return claimed.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  return {
    runOnce,
    start(intervalMs = 1000): void {
      const tick = () => {
        running = runOnce()
          .catch(() => 0)
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      tick();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
