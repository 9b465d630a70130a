import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@muster/contracts';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Takes a well-formed X-Request-Id from the proxy, or makes one. */
export function genRequestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
