import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../storage/content-disposition.js';

/**
 * Answers with a file the browser downloads under `filename` and never shows inline: its type,
 * `Content-Disposition: attachment`, no content sniffing, and never cached.
 */
export function sendDownload(reply: FastifyReply, contentType: string, filename: string, body: string | Buffer | Readable): void {
  void reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(filename))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
