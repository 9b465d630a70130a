import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  TERMINATION_RETENTION,
  type AuditAction,
  type OrganizationSearch,
  type Principal,
  type TerminateRequest,
  type Termination,
  type TerminationList,
} from '@muster/contracts';
import { DataSource, In, Repository } from 'typeorm';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { SessionService } from '../../platform/session/session.service.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { TerminationRow } from './entities/termination.entity.js';
import { isoDay } from './tokens.js';

const DAY_MS = 86_400_000;

/**
 * Terminating an organisation (ROOT_ADMIN, DEPUTY_ADMIN): its members are signed out at once and
 * refused at sign-in (`assertMaySignIn`, the one call identity makes), its data is kept for 90
 * days, then purged (`PurgeService`), unless a support operator restores it first (`RestoreService`).
 */
@Injectable()
export class TerminationService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(TerminationRow) private readonly terminations: Repository<TerminationRow>,
    @InjectRepository(Organization) private readonly organizations: Repository<Organization>,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  /** The termination in force for an organisation (null when it is not terminated). */
  inForce(orgId: string): Promise<TerminationRow | null> {
    return this.terminations.findOne({ where: { orgId, status: 'terminated' } });
  }

  /**
   * Refuses sign-in to members of a terminated organisation, saying why (403 with the purge date);
   * the refusal is audited as `audit.action` when given.
   */
  async assertMaySignIn(orgId: string | null | undefined, audit?: { action: AuditAction; actor: AuditActor }): Promise<void> {
    if (!orgId) return;
    const termination = await this.inForce(orgId);
    if (!termination) return;
    if (audit) await this.audit.record({ action: audit.action, outcome: 'failure', reason: 'organization_terminated', actor: audit.actor });
    throw new DomainError('FORBIDDEN', 'recovery.organisationTerminated', { purgeDate: isoDay(termination.purgeAfter) });
  }

  /** Organisations by name, with their latest termination. */
  async search(q: string): Promise<OrganizationSearch> {
    const orgs = await this.organizations
      .createQueryBuilder('o')
      .where(q ? 'o.name ILIKE :q' : 'TRUE', { q: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` })
      .orderBy('o.name', 'ASC')
      .limit(20)
      .getMany();
    const counts = await this.memberCounts(orgs.map((o) => o.id));
    const latest = await this.latestOf(orgs.map((o) => o.id));
    return {
      items: orgs.map((o) => ({
        id: o.id,
        name: o.name,
        members: counts.get(o.id) ?? 0,
        termination: latest.get(o.id) ? this.view(latest.get(o.id)!, o, counts.get(o.id) ?? 0) : null,
      })),
    };
  }

  /** Terminations, those in force first, newest first. */
  async list(): Promise<TerminationList> {
    const rows = await this.terminations
      .createQueryBuilder('t')
      .orderBy(`CASE WHEN t.status = 'terminated' THEN 0 ELSE 1 END`, 'ASC')
      .addOrderBy('t.terminatedAt', 'DESC')
      .limit(100)
      .getMany();
    const orgIds = [...new Set(rows.map((r) => r.orgId))];
    const orgs = orgIds.length ? await this.organizations.findBy({ id: In(orgIds) }) : [];
    const byId = new Map(orgs.map((o) => [o.id, o]));
    const counts = await this.memberCounts(orgIds);
    return { items: rows.map((r) => this.view(r, byId.get(r.orgId), counts.get(r.orgId) ?? 0)) };
  }

  /**
   * Terminates an organisation: the typed name must match; every member's sessions (and guest
   * auditors') end at once, their sockets disconnect; sign-in is refused from now on.
   */
  async terminate(principal: Principal, orgId: string, body: Required<TerminateRequest>, client: ClientContext): Promise<Termination> {
    const org = isUuid(orgId) ? await this.organizations.findOne({ where: { id: orgId } }) : null;
    if (!org) throw new DomainError('NOT_FOUND', 'recovery.organizationNotFound');
    if (body.confirmName.trim() !== org.name.trim()) throw new InvalidFieldError('confirmName', 'recovery.confirmNameMismatch');
    if (await this.inForce(org.id)) throw new DomainError('CONFLICT', 'recovery.alreadyTerminated');
    const now = new Date();
    let row: TerminationRow;
    try {
      row = await this.terminations.save(
        this.terminations.create({
          orgId: org.id,
          status: 'terminated',
          reason: body.reason,
          terminatedAt: now,
          purgeAfter: new Date(now.getTime() + TERMINATION_RETENTION.purgeAfterDays * DAY_MS),
          terminatedByUserId: principal.userId,
        }),
      );
    } catch (err) {
      // Two terminations at once: the partial unique index lets one through.
      if ((err as { code?: string }).code === '23505') throw new DomainError('CONFLICT', 'recovery.alreadyTerminated');
      throw err;
    }
    const ended = await this.signOutEveryone(org.id);
    await this.audit.record({
      action: 'organization.terminate',
      outcome: 'success',
      actor: auditActorOf(principal, client),
      orgId: org.id,
      target: { type: 'organization', id: org.id },
      reason: body.reason || undefined,
      metadata: { members: ended.members, sessionsEnded: ended.sessions, purgeAfter: row.purgeAfter.toISOString() },
    });
    return this.view(row, org, ended.members);
  }

  /** Ends the sessions of every member and guest auditor of the organisation (sockets disconnect on every instance). */
  private async signOutEveryone(orgId: string): Promise<{ members: number; sessions: number }> {
    const members = await this.dataSource.query<{ user_id: string }[]>('SELECT user_id FROM memberships WHERE org_id = $1', [orgId]);
    const invites = await this.dataSource.query<{ id: string }[]>('SELECT id FROM auditor_invites WHERE org_id = $1', [orgId]);
    let sessions = 0;
    for (const { user_id } of members) sessions += await this.sessions.destroyAllFor(user_id);
    for (const { id } of invites) sessions += await this.sessions.destroyAllFor(id);
    return { members: members.length, sessions };
  }

  /** Lifts a termination (a support operator approved a restore): sign-in works again, the purge is off. */
  async lift(termination: TerminationRow, operatorUserId: string | null): Promise<void> {
    await this.terminations.update(
      { id: termination.id, orgId: termination.orgId, status: 'terminated' },
      { status: 'restored', restoredAt: new Date(), restoredByUserId: operatorUserId },
    );
  }

  /** Terminations whose 90 days are over and that are still in force (for the purge job). */
  due(now = new Date()): Promise<TerminationRow[]> {
    return acrossOrganisations('the purge job looks for terminations past their 90 days', () =>
      this.terminations.createQueryBuilder('t').where(`t.status = 'terminated'`).andWhere('t.purgeAfter <= :now', { now }).getMany(),
    );
  }

  private async memberCounts(orgIds: string[]): Promise<Map<string, number>> {
    if (!orgIds.length) return new Map();
    const rows = await this.dataSource.query<{ org_id: string; n: string }[]>(
      'SELECT org_id, count(*) AS n FROM memberships WHERE org_id = ANY($1) GROUP BY org_id',
      [orgIds],
    );
    return new Map(rows.map((r) => [r.org_id, Number(r.n)]));
  }

  private async latestOf(orgIds: string[]): Promise<Map<string, TerminationRow>> {
    if (!orgIds.length) return new Map();
    const rows = await this.terminations
      .createQueryBuilder('t')
      .distinctOn(['t.orgId'])
      .where('t.orgId IN (:...orgIds)', { orgIds })
      .orderBy('t.orgId')
      .addOrderBy('t.terminatedAt', 'DESC')
      .getMany();
    return new Map(rows.map((r) => [r.orgId, r]));
  }

  view(row: TerminationRow, org: Organization | undefined, members: number): Termination {
    return {
      id: row.id,
      organization: { id: row.orgId, name: org?.name ?? '' },
      status: row.status,
      terminatedAt: row.terminatedAt.toISOString(),
      purgeAfter: row.purgeAfter.toISOString(),
      reason: row.reason,
      members,
      restoredAt: row.restoredAt?.toISOString() ?? null,
      purgedAt: row.purgedAt?.toISOString() ?? null,
    };
  }
}
