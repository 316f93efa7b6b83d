import type { Db } from '@sentiero/db/client';
import type { FastifyInstance } from 'fastify';
import { findMailboxMessages } from './repo.ts';

const SHOWN = 50;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function findMessages(db: Db, to: string | undefined) {
  const rows = await findMailboxMessages(db, to, SHOWN);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    reply_to: row.replyTo,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * The embedded mailbox: every mail the app sent without an SMTP server, newest first. Only
 * outside production (registered by app.ts), for developers and end-to-end tests.
 */
export function registerMailboxRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/mailbox.json',
    { schema: { hide: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      return { messages: await findMessages(db, to) };
    },
  );

  app.get<{ Querystring: { to?: string } }>(
    '/dev/mailbox',
    { schema: { hide: true } },
    async (request, reply) => {
      const to = typeof request.query.to === 'string' ? request.query.to : undefined;
      const messages = await findMessages(db, to);
      const items = messages
        .map(
          (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p><small>${escapeHtml(message.created_at)} · to ${escapeHtml(message.to)}${
    message.reply_to ? ` · reply to ${escapeHtml(message.reply_to)}` : ''
  }</small></p>
  <pre>${escapeHtml(message.text)}</pre>
</article>`,
        )
        .join('\n');
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Mailbox</h1><p>${messages.length ? `${messages.length} most recent mails` : 'No mail yet'}</p>
${items}</body></html>`;
    },
  );
}
