import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APPROVAL_RULES, type ApprovalPayload, type HeldEvidence, type OrgPrincipal, type Principal } from '@muster/contracts';
import { IsNull, type DataSource } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { SessionService } from '../../platform/session/session.service.js';
import { SigningService } from '../../platform/signing/signing.service.js';
import { CreditsService } from '../billing/credits.service.js';
import { EvidenceService } from '../evidence/evidence.service.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { TerminationService } from '../recovery/termination.service.js';
import { SamlService } from '../sso/saml.service.js';

const money = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/**
 * The actions a second platform admin approves: what each payload names (checked when asked, so a
 * request for nothing is refused at once) and running it, through the owning module's service.
 */
@Injectable()
export class ApprovalActionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
    private readonly signing: SigningService,
    private readonly credits: CreditsService,
    private readonly terminations: TerminationService,
    private readonly evidence: EvidenceService,
    private readonly saml: SamlService,
  ) {}

  /** What the payload names, in words; refuses a payload that names nothing that exists. */
  async describe(payload: ApprovalPayload): Promise<string> {
    switch (payload.kind) {
      case 'role_raise': {
        const user = await this.dataSource.getRepository(User).findOne({ where: { id: payload.userId } });
        if (!user) throw new DomainError('NOT_FOUND', 'approvals.chooseUser');
        const platform = await this.platformMembership(payload.userId);
        if (!platform) throw new DomainError('CONFLICT', 'approvals.userNotPlatform');
        if (platform.role === payload.role) throw new DomainError('CONFLICT', 'approvals.alreadyRole');
        return `${user.email} → ${payload.role}`;
      }
      case 'credit_grant': {
        if (payload.amountCents <= APPROVAL_RULES.creditThresholdCents)
          throw new DomainError('CONFLICT', 'approvals.belowThreshold', { amount: money(APPROVAL_RULES.creditThresholdCents) });
        return `${(await this.organization(payload.orgId)).name}: ${money(payload.amountCents)}`;
      }
      case 'org_terminate': {
        // The typed name and a termination in force are refused when asked, not when approved.
        const org = await this.organization(payload.orgId);
        if (payload.confirmName.trim() !== org.name.trim()) throw new InvalidFieldError('confirmName', 'recovery.confirmNameMismatch');
        if (await this.terminations.inForce(org.id)) throw new DomainError('CONFLICT', 'recovery.alreadyTerminated');
        return org.name;
      }
      case 'sso_enforcement_off':
        return (await this.organization(payload.orgId)).name;
      case 'legal_hold_release': {
        // Only a record of that organisation under an active hold can be named.
        const org = await this.organization(payload.orgId);
        const [held] = (await this.evidence.heldRecords(org.id, payload.evidenceId)).items;
        if (!held) throw new InvalidFieldError('evidenceId', 'evidence.notHeld');
        return `${org.name}: ${held.title}`;
      }
      case 'signing_key_rotate':
        return 'Packet signing key';
    }
  }

  /** An organisation's records under an active legal hold (what a `legal_hold_release` may name). */
  async heldEvidence(orgId: string): Promise<HeldEvidence> {
    await this.organization(orgId);
    return this.evidence.heldRecords(orgId);
  }

  /** Runs the action as `actor` (the approver, or the break-glass admin); `reason` is the request's. */
  async run(payload: ApprovalPayload, actor: Principal, reason: string, client: ClientContext | null): Promise<void> {
    const auditActor = auditActorOf(actor, client);
    switch (payload.kind) {
      case 'role_raise': {
        const platform = await this.platformMembership(payload.userId);
        if (!platform) throw new DomainError('CONFLICT', 'approvals.userNotPlatform');
        if (platform.role === payload.role) throw new DomainError('CONFLICT', 'approvals.alreadyRole');
        await this.dataSource.getRepository(Membership).update({ id: platform.id }, { role: payload.role });
        // The new role takes effect at the next sign-in: the sessions of the old one end now.
        await this.sessions.destroyAllFor(payload.userId);
        await this.audit.record({
          action: 'platform.role.raise',
          outcome: 'success',
          actor: auditActor,
          orgId: null,
          target: { type: 'user', id: payload.userId },
          reason,
          metadata: { from: platform.role, to: payload.role },
        });
        return;
      }
      case 'credit_grant':
        await this.credits.grantCredit(
          { ...auditActor, userId: actor.userId, role: actor.role, orgId: actor.orgId },
          { orgId: payload.orgId, amountCents: payload.amountCents, reason },
          { approved: true },
        );
        return;
      case 'org_terminate':
        await this.terminations.terminate(
          actor,
          payload.orgId,
          { confirmName: payload.confirmName, reason },
          client ?? { ip: '', userAgent: null },
        );
        return;
      case 'legal_hold_release': {
        const org = await this.organization(payload.orgId);
        // The platform admin acts inside the organisation for this one release (its custody log names them).
        const inOrg: OrgPrincipal = { ...actor, orgId: org.id, orgName: org.name };
        await this.evidence.releaseHold(inOrg, payload.evidenceId, client);
        await this.audit.record({
          action: 'evidence.hold.released_by_platform',
          outcome: 'success',
          actor: auditActor,
          orgId: payload.orgId,
          target: { type: 'evidence_record', id: payload.evidenceId },
          reason,
        });
        return;
      }
      case 'signing_key_rotate': {
        const rotated = await this.signing.rotate();
        await this.audit.record({
          action: 'packet_keys.rotate',
          outcome: 'success',
          actor: auditActor,
          orgId: null,
          reason,
          metadata: { active: rotated.active, retired: rotated.retired },
        });
        return;
      }
      case 'sso_enforcement_off': {
        await this.organization(payload.orgId);
        const settings = await this.saml.settingsOf(payload.orgId);
        await this.saml.updateSettings({ ...auditActor, orgId: payload.orgId }, payload.orgId, {
          enforced: false,
          breakGlassUserIds: settings.breakGlassUserIds,
        });
        return;
      }
    }
  }

  private async organization(id: string): Promise<Organization> {
    const org = await this.dataSource.getRepository(Organization).findOne({ where: { id } });
    if (!org) throw new DomainError('NOT_FOUND', 'notFound.organization');
    return org;
  }

  private platformMembership(userId: string): Promise<Membership | null> {
    return this.dataSource.getRepository(Membership).findOne({ where: { userId, orgId: IsNull(), status: 'active' } });
  }
}
