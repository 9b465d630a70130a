import { MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Ack } from '@muster/contracts';
import { NODE_ID } from '../../platform/node-id.js';

@WebSocketGateway()
export class HealthGateway {
  /** Latency check for the status page and benchmarks; allowed for anonymous sockets. */
  @SubscribeMessage('system:ping')
  ping(@MessageBody() payload: { sentAt?: unknown } | undefined): Ack<{ sentAt: number; serverTime: number; node: string }> {
    const sentAt = typeof payload?.sentAt === 'number' ? payload.sentAt : NaN;
    if (!Number.isFinite(sentAt)) return { ok: false, code: 'VALIDATION_FAILED', message: 'sentAt must be a number' };
    return { ok: true, sentAt, serverTime: Date.now(), node: NODE_ID };
  }
}
