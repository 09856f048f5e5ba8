import nodemailer from 'nodemailer';
import type { Clock } from '../core/clock';
import type { OutboxRepository, OutboxRow } from './repository';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
const LEASE_MS = 2 * 60 * 1000;

export type Sender = (mail: OutboxRow) => Promise<void>;

export function smtpSender(smtp: { url: string; from: string }): Sender {
  const transport = nodemailer.createTransport(smtp.url);
  return async (mail) => {
    await transport.sendMail({
      from: smtp.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers ?? undefined,
    });
  };
}

/** Exponential backoff after the n-th failed attempt: 5 s, 10 s, 20 s ... capped at an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/**
 * Sends the outbox. Each pass claims due rows (FOR UPDATE SKIP LOCKED, with a
 * lease so a crashed worker's rows come back), sends them outside any
 * transaction, and records the outcome.
 */
export function mailWorker(params: { outbox: OutboxRepository; clock: Clock; send: Sender; batch?: number }) {
  const { outbox, clock, send } = params;

  async function runOnce(): Promise<number> {
    const claimed = await outbox.claim(clock.now(), LEASE_MS, params.batch ?? 10);
    for (const mail of claimed) {
      try {
        await send(mail);
        await outbox.markSent(mail.id, clock.now());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          mail.attempts < MAX_ATTEMPTS ? new Date(clock.now().getTime() + retryDelay(mail.attempts)) : undefined;
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
