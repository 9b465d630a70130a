import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_TIME_ZONE, type OrganizationSettings, type OrgPrincipal, type UpdateOrganizationSettingsRequest } from '@muster/contracts';
import { Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { SessionService } from '../../platform/session/session.service.js';
import { profileOf } from './accounts.js';
import { Membership } from './entities/membership.entity.js';
import { Organization } from './entities/organization.entity.js';

/**
 * The organisation's own settings (today its IANA time zone, which cuts the days of its reminders
 * and cadences and dates its due dates, PDFs and emails), and the zone other modules write in.
 */
@Injectable()
export class OrganizationsService {
  constructor(
    @InjectRepository(Organization) private readonly orgs: Repository<Organization>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  /** An organisation's time zone; UTC for none (platform staff, visitors) or one that is gone. */
  async timeZoneOf(orgId: string | null | undefined): Promise<string> {
    if (!orgId) return DEFAULT_TIME_ZONE;
    const org = await this.orgs.findOne({ where: { id: orgId }, select: { id: true, timeZone: true } });
    return org?.timeZone ?? DEFAULT_TIME_ZONE;
  }

  /** The acting ADMIN's organisation (platform staff, who have none, are refused by `@OrgAuth`). */
  private async own(auth: OrgPrincipal): Promise<Organization> {
    const org = await this.orgs.findOne({ where: { id: auth.orgId } });
    if (!org) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    return org;
  }

  async settings(auth: OrgPrincipal): Promise<OrganizationSettings> {
    return settingsOf(await this.own(auth));
  }

  /**
   * Changes the time zone: audited with the zone before and after, and written into the sessions
   * of every member (`SessionService.refreshProfile`), so their next request sees it everywhere.
   */
  async update(auth: OrgPrincipal, body: UpdateOrganizationSettingsRequest, client: ClientContext): Promise<OrganizationSettings> {
    const org = await this.own(auth);
    const from = org.timeZone;
    if (body.timeZone === from) return settingsOf(org);
    await this.orgs.update({ id: org.id }, { timeZone: body.timeZone });
    org.timeZone = body.timeZone;
    await this.audit.record({
      action: 'organization.settings.update',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'organization', id: org.id },
      metadata: { timeZone: { from, to: org.timeZone } },
    });
    await this.refreshMemberSessions(org.id);
    return settingsOf(org);
  }

  /**
   * Writes every member's profile anew into their sessions (`SessionService.refreshProfile`), after
   * a change of the organisation that the profile shows (time zone, the default auto-lock).
   */
  async refreshMemberSessions(orgId: string): Promise<void> {
    const org = await this.orgs.findOne({ where: { id: orgId } });
    if (!org) return;
    const members = await this.memberships.find({ where: { orgId: org.id }, relations: { user: true } });
    for (const membership of members) {
      if (membership.user) await this.sessions.refreshProfile(membership.userId, profileOf({ user: membership.user, membership, org }));
    }
  }
}

function settingsOf(org: Organization): OrganizationSettings {
  return { name: org.name, timeZone: org.timeZone };
}
