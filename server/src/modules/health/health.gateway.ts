import { MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { reasonText, type Ack } from '@muster/contracts';
import { NODE_ID } from '../../platform/node-id.js';

@WebSocketGateway()
export class HealthGateway {
  /** Latency check for the status page and benchmarks; allowed for anonymous sockets. */
  @SubscribeMessage('system:ping')
  ping(@MessageBody() payload: { sentAt?: unknown } | undefined): Ack<{ sentAt: number; serverTime: number; node: string }> {
    const sentAt = typeof payload?.sentAt === 'number' ? payload.sentAt : NaN;
    if (!Number.isFinite(sentAt))
      return {
        ok: false,
        code: 'VALIDATION_FAILED',
        reason: 'common.sentAtNumber',
        params: {},
        message: reasonText('common.sentAtNumber'),
      };
    return { ok: true, sentAt, serverTime: Date.now(), node: NODE_ID };
  }
}
