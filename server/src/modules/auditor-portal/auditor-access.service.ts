import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { hasRank, type AuditorScope, type AuditorScopeStored, type Principal } from '@muster/contracts';
import { In, type Repository } from 'typeorm';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { ComplianceProfileRow } from '../compliance/entities/compliance-profile.entity.js';
import type { CustodyActor } from '../evidence/custody.service.js';
import type { EvidenceScope } from '../evidence/evidence-scope.js';
import { AuditorInvite } from '../identity/entities/auditor-invite.entity.js';

/** The scope an invite stores (`scope` jsonb); an invite made before scopes has none and sees nothing. */
export function storedScopeOf(invite: Pick<AuditorInvite, 'scope'>): AuditorScopeStored {
  const raw = invite.scope as Partial<AuditorScopeStored>;
  return {
    profileIds: Array.isArray(raw.profileIds) ? raw.profileIds : [],
    facilities: Array.isArray(raw.facilities) ? raw.facilities : [],
    from: typeof raw.from === 'string' ? raw.from : '9999-12-31',
    to: typeof raw.to === 'string' ? raw.to : '0001-01-01',
  };
}

/** Who is reading the portal and what they may see. */
export interface AuditorAccess {
  invite: AuditorInvite;
  /** The query filter of what is in scope. */
  scope: EvidenceScope;
  /** The scope as shown (profiles by name). */
  view: AuditorScope;
  /** An ADMIN previewing the portal as the invite's auditor: read-only, nothing is recorded as the auditor. */
  preview: boolean;
  /** The custody actor: the auditor (with the firm), or the previewing admin. */
  who: CustodyActor;
}

/**
 * Resolves the portal's reader: a guest auditor through the invite of their session (an expired or
 * revoked invite is a 401, whatever the session says), or an ADMIN of the invite's organisation
 * previewing it (`?preview=<invite id>`; another organisation's invite is a 404). Anyone else: 403.
 */
@Injectable()
export class AuditorAccessService {
  constructor(
    @InjectRepository(AuditorInvite) private readonly invites: Repository<AuditorInvite>,
    @InjectRepository(ComplianceProfileRow) private readonly profiles: Repository<ComplianceProfileRow>,
  ) {}

  async resolve(principal: Principal, preview: string | undefined, client?: ClientContext | null): Promise<AuditorAccess> {
    if (principal.role === 'GUEST_AUDITOR') {
      const invite =
        principal.inviteId && principal.orgId ? await tenant(this.invites, { orgId: principal.orgId }).findOne(principal.inviteId) : null;
      if (!invite || invite.revokedAt || invite.expiresAt <= new Date()) throw new DomainError('UNAUTHENTICATED', 'auth.notSignedIn');
      const name = invite.firm ? `${invite.auditorName} (${invite.firm})` : invite.auditorName;
      return this.accessOf(invite, false, { actor: auditActorOf(principal, client), name, kind: 'auditor' });
    }
    if (!principal.orgId || principal.kind !== 'user' || !hasRank(principal.role, 'ADMIN'))
      throw new DomainError('FORBIDDEN', 'auth.forbidden');
    if (!preview) throw new DomainError('NOT_FOUND', 'auditor.inviteNotFound');
    const invite = isUuid(preview) ? await tenant(this.invites, { orgId: principal.orgId }).findOne(preview) : null;
    if (!invite) throw new DomainError('NOT_FOUND', 'auditor.inviteNotFound');
    return this.accessOf(invite, true, { actor: auditActorOf(principal, client), name: principal.name, kind: 'member' });
  }

  /**
   * The reader of a write: only a guest auditor writes. An ADMIN (previewing or not) is refused with
   * 403 `auditor.previewReadOnly`, anyone else with 403 `auth.forbidden`.
   */
  async resolveWriter(principal: Principal, client?: ClientContext | null): Promise<AuditorAccess> {
    if (principal.role !== 'GUEST_AUDITOR') {
      const admin = principal.kind === 'user' && Boolean(principal.orgId) && hasRank(principal.role, 'ADMIN');
      throw new DomainError('FORBIDDEN', admin ? 'auditor.previewReadOnly' : 'auth.forbidden');
    }
    const access = await this.resolve(principal, undefined, client);
    this.assertWritable(access);
    return access;
  }

  /** Refuses a write in a preview (403 `auditor.previewReadOnly`). */
  assertWritable(access: AuditorAccess): void {
    if (access.preview) throw new DomainError('FORBIDDEN', 'auditor.previewReadOnly');
  }

  /** An invite's scope as shown and as a filter (profiles deleted since are left out). */
  async scopeOf(invite: AuditorInvite): Promise<{ scope: EvidenceScope; view: AuditorScope }> {
    const stored = storedScopeOf(invite);
    const ids = stored.profileIds.filter(isUuid);
    const rows = ids.length ? await tenant(this.profiles, { orgId: invite.orgId }).find({ id: In(ids) }) : [];
    const profiles = ids.flatMap((id) => rows.filter((r) => r.id === id)).map((r) => ({ id: r.id, name: r.name, ruleIds: r.ruleIds }));
    const ruleIds = [...new Set(profiles.flatMap((p) => p.ruleIds))];
    return {
      scope: { orgId: invite.orgId, ruleIds, facilities: stored.facilities, from: stored.from, to: stored.to },
      view: { profiles, facilities: stored.facilities, from: stored.from, to: stored.to },
    };
  }

  private async accessOf(invite: AuditorInvite, preview: boolean, who: CustodyActor): Promise<AuditorAccess> {
    const { scope, view } = await this.scopeOf(invite);
    return { invite, scope, view, preview, who };
  }
}
