import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Mail the instances send through SMTP, as a production deployment would, kept for the test to read. */
export async function startMailbox() {
  const received: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, text });
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection; that is the test's doing, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The first link in mail to `to` whose address holds `part`. */
    link(to: string, part: string): string | undefined {
      for (const mail of received.filter((m) => m.to === to)) {
        const found = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.find((link) => link.includes(part));
        if (found) return found;
      }
      return undefined;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
