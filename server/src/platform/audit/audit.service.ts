import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditEvent, type AuditOutcome } from './audit-event.entity.js';

/** Who did something, from where. Built from the request by `actorFrom()`. */
export interface AuditActor {
  userId?: string | null;
  inviteId?: string | null;
  role?: string | null;
  email?: string | null;
  orgId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditRecord {
  action: string;
  outcome: AuditOutcome;
  actor: AuditActor;
  /** The organisation the event belongs to (defaults to the actor's). */
  orgId?: string | null;
  reason?: string;
  target?: { type: string; id: string };
  metadata?: Record<string, unknown>;
}

/** Every module writes security-relevant actions through this one service. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(@InjectRepository(AuditEvent) private readonly events: Repository<AuditEvent>) {}

  async record(entry: AuditRecord): Promise<AuditEvent> {
    const event = this.events.create({
      orgId: entry.orgId ?? entry.actor.orgId ?? null,
      actorUserId: entry.actor.userId ?? null,
      actorInviteId: entry.actor.inviteId ?? null,
      actorRole: entry.actor.role ?? null,
      actorEmail: entry.actor.email ?? null,
      ip: entry.actor.ip ?? null,
      userAgent: entry.actor.userAgent?.slice(0, 512) ?? null,
      action: entry.action,
      outcome: entry.outcome,
      reason: entry.reason ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      metadata: entry.metadata ?? {},
    });
    const saved = await this.events.save(event);
    this.logger.log(
      { audit: entry.action, outcome: entry.outcome, reason: entry.reason, userId: event.actorUserId, orgId: event.orgId },
      'Audit event',
    );
    return saved;
  }
}
