import type { ClientId } from '@cc/config';
import type { FastifyPluginAsync } from 'fastify';
import { Fragment, type ReactElement } from 'react';
import { renderPage } from '../core/render/html';

const LINK = /https?:\/\/[^\s"<>]+/g;

type MailboxMessage = {
  id: number;
  client: ClientId;
  kind: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** The names of the files it carries (built when sent). */
  attachments: string[];
  created_at: string;
};

/** The mailbox page: each message's subject, recipient, time, plain text, its links to click and its attachments' names. */
function MailboxPage({ messages }: { messages: MailboxMessage[] }): ReactElement {
  return (
    <html>
      <head>
        <meta charSet="utf-8" />
        <title>Mailbox</title>
      </head>
      <body style={{ fontFamily: 'sans-serif', maxWidth: '48rem', margin: '2rem auto' }}>
        <h1>Local mailbox</h1>
        <p>{messages.length} message(s). No SMTP server is configured, so mail stays here.</p>
        {messages.map((m, index) => (
          <Fragment key={m.id}>
            {index ? <hr /> : null}
            <article>
              <h2>{m.subject}</h2>
              <p>
                To {m.to} · {m.created_at}
              </p>
              <pre>{m.text}</pre>
              {m.attachments.length ? <p>Attached: {m.attachments.join(', ')}</p> : null}
              {m.links.map((link, n) => (
                <p key={n}>
                  <a href={link}>{link}</a>
                </p>
              ))}
            </article>
          </Fragment>
        ))}
      </body>
    </html>
  );
}

/** The local mailbox: outbox messages with clickable links, when no SMTP server is configured. */
const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const list = async (): Promise<MailboxMessage[]> =>
    (await app.outbox.recent(100)).map((row) => ({
      id: row.id,
      client: row.client,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      links: row.textBody.match(LINK) ?? [],
      attachments: app.outbox.attachmentsOf(row).map((file) => file.filename),
      created_at: row.createdAt.toISOString(),
    }));

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
    const results = await list();
    return { count: results.length, results };
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await list();
    return reply
      .type('text/html; charset=utf-8')
      .send(renderPage(<MailboxPage messages={messages} />));
  });
};

export default mailboxRoutes;
