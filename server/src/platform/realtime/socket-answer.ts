import type { Logger } from '@nestjs/common';
import { reasonText, type AckError } from '@muster/contracts';
import { DomainError } from '../errors/domain-error.js';
import { OUTAGE_ANSWER, outageOf } from '../errors/outage.js';
import type { MusterSocket } from './realtime.types.js';

export type Reply<T> = ({ ok: true } & T) | AckError;
export type AckFn<T> = ((answer: Reply<T>) => void) | undefined;

/**
 * Runs a socket event's handler and answers it: through the acknowledgement when the client
 * gave one, otherwise — only when refused — as `errorEvent`. A domain error answers its code,
 * reason and message; a store that cannot be reached answers SERVICE_UNAVAILABLE with its reason;
 * anything else is logged and answers INTERNAL. Nothing thrown leaves a gateway.
 */
export async function answer<T extends object>(
  socket: MusterSocket,
  ack: AckFn<T>,
  errorEvent: 'chat:error' | 'console:error',
  logger: Logger,
  work: () => Promise<T>,
): Promise<void> {
  let reply: Reply<T>;
  try {
    reply = { ok: true, ...(await work()) };
  } catch (err) {
    const outage = err instanceof DomainError ? null : outageOf(err);
    if (err instanceof DomainError) {
      const fields = err.fieldMessages();
      reply = {
        ok: false,
        code: err.code,
        reason: err.reason,
        params: err.params,
        message: err.message,
        ...(fields ? { fields, fieldReasons: err.fields } : {}),
      };
    } else if (outage) {
      const { reason } = OUTAGE_ANSWER[outage];
      logger.warn(`A socket event failed (${errorEvent}): the ${outage} is unreachable: ${String(err)}`);
      reply = { ok: false, code: 'SERVICE_UNAVAILABLE', reason, params: {}, message: reasonText(reason) };
    } else {
      logger.error(`A socket event failed (${errorEvent})`, err instanceof Error ? err.stack : undefined);
      reply = { ok: false, code: 'INTERNAL', reason: 'common.internal', params: {}, message: reasonText('common.internal') };
    }
  }
  if (typeof ack === 'function') ack(reply);
  else if (!reply.ok) socket.emit(errorEvent, reply);
}
