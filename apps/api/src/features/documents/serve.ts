import type { FastifyReply } from 'fastify';

import { etagOf, type Download } from './documents.service.ts';
import { attachmentDisposition } from './file-names.ts';

/**
 * Answers with a stored document as an attachment, or 304 when the caller has these bytes.
 * Private data: any cache must ask again, but may keep the bytes for a 304; the file is never
 * rendered as a page of ours.
 */
export function sendDownload(reply: FastifyReply, download: Download) {
  const { document } = download;
  reply
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', etagOf(document))
    .header('X-Content-Type-Options', 'nosniff');
  if (download.notModified) return reply.status(304).send();
  return reply
    .header('Content-Type', document.contentType)
    .header('Content-Length', String(document.byteSize))
    .header('Content-Disposition', attachmentDisposition(document.originalName))
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(download.body);
}
