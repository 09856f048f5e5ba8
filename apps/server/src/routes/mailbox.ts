import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../html';

const LINK = /https?:\/\/[^\s"<>]+/g;

/** The local mailbox: outbox messages with clickable links, when no SMTP server is configured. */
const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const list = async () =>
    (await app.repos.outbox.recent(100)).map((row) => ({
      id: row.id,
      client: row.client,
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      links: row.textBody.match(LINK) ?? [],
      created_at: row.createdAt.toISOString(),
    }));

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
    const results = await list();
    return { count: results.length, results };
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await list();
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p>
<pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}</article>`,
      )
      .join('<hr>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><title>Mailbox</title></head><body style="font-family:sans-serif;max-width:48rem;margin:2rem auto"><h1>Local mailbox</h1><p>${messages.length} message(s). No SMTP server is configured, so mail stays here.</p>${items}</body></html>`,
      );
  });
};

export default mailboxRoutes;
