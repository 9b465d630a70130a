import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuditAction, CustodyAction, CustodyEvent } from '@muster/contracts';
import type { Repository } from 'typeorm';
import type { AuditActor } from '../../platform/audit/audit.service.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import { AuditEvent } from '../../platform/audit/audit-event.entity.js';

/** The audit action of each custody event (target `evidence_record`). */
export const CUSTODY_AUDIT_ACTIONS: Readonly<Record<CustodyAction, AuditAction>> = {
  added: 'evidence.added',
  viewed: 'evidence.viewed',
  downloaded: 'evidence.downloaded',
  shared: 'evidence.shared',
  hold_placed: 'evidence.hold.placed',
  hold_released: 'evidence.hold.released',
  reviewed: 'evidence.reviewed',
  integrity_failed: 'evidence.integrity_failed',
};
const ACTION_OF = new Map<string, CustodyAction>(
  Object.entries(CUSTODY_AUDIT_ACTIONS).map(([custody, audit]) => [audit, custody as CustodyAction]),
);

export const EVIDENCE_TARGET = 'evidence_record';

/** Who a custody event names: the member or auditor (with the firm) as people read it. */
export interface CustodyActor {
  actor: AuditActor;
  /** "Dana Reyes", "Sam Auditor (Harbour Assurance LLP)". */
  name: string;
  kind: 'member' | 'auditor' | 'system';
}

/**
 * A record's chain of custody: each view, download, share, hold change and review is an event of
 * the organisation's audit chain, targeted at the record — tamper-evident like the rest of the
 * chain, shown to admins on the timeline, streamed to their SIEM. The log is read back from there.
 */
@Injectable()
export class CustodyService {
  constructor(
    private readonly audit: AuditService,
    @InjectRepository(AuditEvent) private readonly events: Repository<AuditEvent>,
  ) {}

  /** Appends one event per record (in order), with `detail` shown in the log and `metadata` kept beside it. */
  async record(
    orgId: string,
    recordIds: readonly string[],
    action: CustodyAction,
    who: CustodyActor,
    detail: string | null = null,
    metadata: Record<string, unknown> = {},
  ): Promise<void> {
    for (const id of recordIds) {
      await this.audit.record({
        action: CUSTODY_AUDIT_ACTIONS[action],
        outcome: action === 'integrity_failed' ? 'failure' : 'success',
        orgId,
        actor: who.actor,
        target: { type: EVIDENCE_TARGET, id },
        metadata: { ...metadata, actorName: who.name, actorKind: who.kind, ...(detail ? { detail } : {}) },
      });
    }
  }

  /** A record's custody log, oldest first. */
  async log(orgId: string, recordId: string): Promise<CustodyEvent[]> {
    const rows = await this.events.find({
      where: { orgId: orgId.toLowerCase(), targetType: EVIDENCE_TARGET, targetId: recordId.toLowerCase() },
      order: { seq: 'ASC' },
    });
    return rows.flatMap((row) => {
      const action = ACTION_OF.get(row.action);
      if (!action) return [];
      const meta = row.metadata;
      const kind = meta.actorKind === 'auditor' || meta.actorKind === 'system' ? meta.actorKind : 'member';
      return [
        {
          id: row.id,
          at: row.createdAt.toISOString(),
          action,
          actor: typeof meta.actorName === 'string' ? meta.actorName : (row.actorEmail ?? 'Muster'),
          actorKind: kind,
          detail: typeof meta.detail === 'string' ? meta.detail : null,
          seq: row.seq,
          hash: row.hash,
        },
      ];
    });
  }
}
