import type { FastifyInstance } from 'fastify';

/** The largest declared body that is still read to its end after a 413, so the client gets the answer. */
export const REFUSED_BODY_DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A body refused as too large is read to its end and dropped, when its declared length is at most
 * `REFUSED_BODY_DRAIN_MAX_BYTES`, instead of the connection being closed at once.
 *
 * Fastify answers 413 as soon as it sees a `content-length` above the limit, with `connection:
 * close`. The client is still uploading then; closing a socket that still holds unread bytes makes
 * the kernel reset the connection, and a client writing its body sees EPIPE instead of the 413 (a
 * SCIM client sending a 3 MB user did, on a busy machine). Without `connection: close`, Node reads
 * and drops the rest of the body once the answer is sent (as for any unread body on a kept
 * connection), and the client reads the 413. Bodies of unknown length (chunked) or larger than the
 * cap still have their connection closed: reading them would be work without end.
 */
export function registerRefusedBodyDrain(fastify: FastifyInstance): void {
  // onError runs only for failed requests: nothing is added to the path of any other.
  fastify.addHook('onError', (request, reply, error, done) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared <= REFUSED_BODY_DRAIN_MAX_BYTES && !request.raw.readableEnded) {
        void reply.removeHeader('connection');
      }
    }
    done();
  });
}
