import type { FastifyInstance } from 'fastify';

import { isLoopback } from '../../lib/loopback.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { escapeHtml } from '@pathways/shared/common/html';

/**
 * Development only: the outbox of e-mails the product sent, newest first. It holds reset and
 * confirmation links, so it answers only requests from this machine: the connection must come
 * from a loopback address, and so must the client a trusted proxy forwards for. Everyone else
 * gets a 404, as if there were no outbox.
 */
export async function devMailRoutes(app: FastifyInstance, options: { outboxDir: string }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
  });
  app.get('/dev/mail', { config: { access: 'public' } }, async (_request, reply) => {
    const mails = (await readOutbox(options.outboxDir)).reverse();
    const rows = mails
      .map(
        (m) =>
          `<li><a href="/dev/mail/${encodeURIComponent(m.file)}">${escapeHtml(m.subject)}</a> to ${escapeHtml(m.to)} <small>${escapeHtml(m.sentAt)}</small></li>`,
      )
      .join('\n');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><title>Outbox</title><h1>Development outbox</h1><ul>${rows || '<li>No e-mail yet</li>'}</ul>`,
      );
  });
  app.get<{ Params: { file: string } }>(
    '/dev/mail/:file',
    { config: { access: 'public' } },
    async (request, reply) => {
      const mail = (await readOutbox(options.outboxDir)).find(
        (m) => m.file === request.params.file,
      );
      if (!mail) return reply.status(404).type('text/plain').send('No such e-mail');
      return reply.type('text/html').send(mail.html);
    },
  );
}
