import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ROLE_RANKS,
  SCIM_BASE_PATH,
  SCIM_LIMITS,
  type Role,
  type ScimGroupRow as ScimGroupView,
  type ScimMappableRole,
  type ScimOverview,
  type ScimRequestRow as ScimRequestView,
  type ScimToken,
  type ScimTokenReveal,
  type ScimUserRow as ScimUserView,
} from '@muster/contracts';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { SessionService } from '../../platform/session/session.service.js';
import { acrossOrganisations, withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { profileOf } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { MembersService } from '../members/members.service.js';
import { UsageService } from '../usage/usage.service.js';
import { ScimGroupRow, ScimRequestRow, ScimTokenRow } from './entities/scim.entities.js';
import {
  applyFilter,
  emailOf,
  groupResource,
  listResponse,
  namesOf,
  normaliseGroupBody,
  normaliseUserBody,
  pageOf,
  parseFilter,
  parseGroup,
  parseUser,
  patchGroup,
  patchUser,
  scimBadRequest,
  userResource,
  type GroupInput,
  type StoredGroup,
  type StoredUser,
  type UserInput,
} from './scim-core.js';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const TOKEN_PREFIX = 'mscim_';

/** Who calls the protocol: a token of one organisation, from an address. */
export interface ScimCaller {
  orgId: string;
  tokenId: string;
  tokenName: string;
  ip: string | null;
  userAgent: string | null;
}

/** What a change did that must happen after its commit: sessions to end or to refresh. */
interface Effects {
  endSessions: Set<string>;
  refreshSessions: Set<string>;
}

interface MembershipLite {
  id: string;
  org_id: string;
  role: Role;
  status: 'active' | 'deactivated';
}

/**
 * SCIM 2.0 provisioning: tokens, the request log, and the Users and Groups of the protocol. A SCIM
 * user is a Muster user with a membership of the token's organisation; deprovisioning (DELETE or
 * `active:false`) ends their sessions, which disconnects their sockets on every instance. Every
 * change runs with the organisation's row locked, like the members' rules (seats, last admin).
 */
@Injectable()
export class ScimService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ScimTokenRow) private readonly tokens: Repository<ScimTokenRow>,
    @InjectRepository(ScimRequestRow) private readonly requests: Repository<ScimRequestRow>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly members: MembersService,
    private readonly usage: UsageService,
  ) {}

  /** `<public origin>/api/scim/v2`. */
  get base(): string {
    return `${this.config.APP_ORIGINS[0] ?? `http://localhost:${String(this.config.PORT)}`}${SCIM_BASE_PATH}`;
  }

  // ---------------------------------------------------------------- tokens

  async createToken(actor: AuditActor & { name?: string | null }, orgId: string, name: string): Promise<ScimTokenReveal> {
    const live = await this.dataSource.query<{ n: string }[]>(
      'SELECT count(*) AS n FROM scim_tokens WHERE org_id = $1 AND revoked_at IS NULL',
      [orgId],
    );
    if (Number(live[0]?.n ?? 0) >= SCIM_LIMITS.tokensPerOrg) {
      throw new DomainError('CONFLICT', 'scim.tooManyTokens', { max: SCIM_LIMITS.tokensPerOrg });
    }
    const secret = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.tokens.save(
      this.tokens.create({
        orgId,
        name,
        tokenHash: sha256(secret),
        prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
        createdByUserId: actor.userId ?? null,
        createdByName: actor.name ?? actor.email ?? null,
      }),
    );
    await this.audit.record({
      action: 'scim.token.create',
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'scim_token', id: row.id },
      metadata: { name: row.name, prefix: row.prefix },
    });
    return { token: tokenView(row), secret };
  }

  async revokeToken(actor: AuditActor, orgId: string, id: string): Promise<void> {
    const row = isUuid(id) ? await this.tokens.findOne({ where: { id, orgId } }) : null;
    if (!row || row.revokedAt) throw new DomainError('NOT_FOUND', 'scim.tokenNotFound');
    await this.dataSource.query('UPDATE scim_tokens SET revoked_at = now() WHERE id = $1 AND org_id = $2', [row.id, orgId]);
    await this.audit.record({
      action: 'scim.token.revoke',
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'scim_token', id: row.id },
      metadata: { name: row.name, prefix: row.prefix },
    });
  }

  /** The live token a bearer secret names, or null. Its last use is written at most once a minute. */
  async authenticate(secret: string): Promise<ScimTokenRow | null> {
    if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) return null;
    const row = await acrossOrganisations('a SCIM token names its organisation', () =>
      this.tokens.findOne({ where: { tokenHash: sha256(secret) } }),
    );
    if (!row || row.revokedAt) return null;
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= SCIM_LIMITS.lastUsedEveryMs) {
      await this.dataSource.query('UPDATE scim_tokens SET last_used_at = now() WHERE id = $1 AND org_id = $2', [row.id, row.orgId]);
    }
    return row;
  }

  /** Counts one `scim_calls` unit. */
  async meter(orgId: string): Promise<void> {
    await this.usage.record(orgId, 'scim_calls', 1);
  }

  /** One line of the request log; only the last 100 of the organisation are kept. */
  async logRequest(caller: ScimCaller, entry: { method: string; path: string; status: number; durationMs: number }): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO scim_requests (org_id, token_id, token_name, method, path, status, outcome, duration_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          caller.orgId,
          caller.tokenId,
          caller.tokenName.slice(0, 80),
          entry.method.slice(0, 8),
          entry.path.slice(0, 500),
          entry.status,
          entry.status < 400 ? 'success' : 'failure',
          Math.max(0, Math.round(entry.durationMs)),
        ],
      );
      await tx.query(
        `DELETE FROM scim_requests WHERE org_id = $1 AND id IN (
           SELECT id FROM scim_requests WHERE org_id = $1 ORDER BY at DESC, id DESC OFFSET $2)`,
        [caller.orgId, SCIM_LIMITS.requestLog],
      );
    });
  }

  // ---------------------------------------------------------------- admin page

  async overview(orgId: string): Promise<ScimOverview> {
    const tokens = await this.tokens.find({ where: { orgId }, order: { createdAt: 'DESC' } });
    const users = await this.dataSource.query<
      {
        id: string;
        user_name: string;
        first_name: string | null;
        last_name: string | null;
        email: string;
        active: boolean;
        role: Role | null;
        updated_at: Date;
      }[]
    >(
      `SELECT s.id, s.user_name, u.first_name, u.last_name, u.email, s.active, m.role, s.updated_at
         FROM scim_users s JOIN users u ON u.id = s.user_id
         LEFT JOIN memberships m ON m.user_id = s.user_id AND m.org_id = s.org_id
        WHERE s.org_id = $1 ORDER BY s.updated_at DESC LIMIT 500`,
      [orgId],
    );
    const groups = await this.dataSource.query<
      { id: string; display_name: string; role: ScimMappableRole | null; updated_at: Date; members: string }[]
    >(
      `SELECT g.id, g.display_name, g.role, g.updated_at,
              (SELECT count(*) FROM scim_group_members gm WHERE gm.org_id = g.org_id AND gm.group_id = g.id) AS members
         FROM scim_groups g WHERE g.org_id = $1 ORDER BY lower(g.display_name)`,
      [orgId],
    );
    return {
      endpoint: this.base,
      tokens: tokens.map(tokenView),
      users: users.map((u): ScimUserView => ({
        id: u.id,
        userName: u.user_name,
        name: [u.first_name, u.last_name].filter(Boolean).join(' ') || null,
        email: u.email,
        active: u.active,
        role: u.role,
        updatedAt: new Date(u.updated_at).toISOString(),
      })),
      groups: groups.map(groupView),
    };
  }

  async requestLog(orgId: string): Promise<ScimRequestView[]> {
    const rows = await this.requests.find({ where: { orgId }, order: { at: 'DESC', id: 'DESC' }, take: SCIM_LIMITS.requestLog });
    return rows.map((r) => ({
      id: r.id,
      tokenName: r.tokenName,
      method: r.method,
      path: r.path,
      status: r.status,
      outcome: r.outcome,
      durationMs: r.durationMs,
      at: r.at.toISOString(),
    }));
  }

  async setGroupRole(actor: AuditActor, orgId: string, id: string, role: ScimMappableRole | null): Promise<ScimGroupView> {
    const effects = newEffects();
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, orgId);
      const group = await this.groupRow(tx, orgId, id);
      if (group.role === role) return;
      await tx.query('UPDATE scim_groups SET role = $1, updated_at = now(), version = version + 1 WHERE id = $2 AND org_id = $3', [
        role,
        group.id,
        orgId,
      ]);
      await this.audit.record({
        action: 'scim.group.role',
        outcome: 'success',
        actor,
        orgId,
        target: { type: 'scim_group', id: group.id },
        metadata: { displayName: group.displayName, role: { from: group.role, to: role } },
      });
      const members = await this.memberIdsOf(tx, orgId, [group.id]);
      await this.recomputeRoles(tx, orgId, members, actor, effects);
    });
    await this.settle(effects);
    const [view] = (await this.overview(orgId)).groups.filter((g) => g.id === id);
    if (!view) throw new DomainError('NOT_FOUND', 'scim.groupNotFound');
    return view;
  }

  // ---------------------------------------------------------------- Users

  async listUsers(caller: ScimCaller, query: Record<string, unknown>): Promise<Record<string, unknown>> {
    const filter = typeof query.filter === 'string' && query.filter.trim() ? parseFilter(query.filter) : null;
    if (query.filter !== undefined && typeof query.filter !== 'string') throw scimBadRequest('invalidFilter', 'Give one filter');
    const page = pageOf(query, SCIM_LIMITS.maxPageSize);
    const users = (await this.storedUsers(this.dataSource.manager, caller.orgId)).map((u) => userResource(u, this.base));
    return listResponse(applyFilter(filter, users), page);
  }

  async getUser(caller: ScimCaller, id: string): Promise<Record<string, unknown>> {
    return userResource(await this.storedUser(this.dataSource.manager, caller.orgId, id), this.base);
  }

  async createUser(caller: ScimCaller, body: unknown): Promise<Record<string, unknown>> {
    const input = parseUser(normaliseUserBody(body));
    const email = emailOf(input);
    if (!email) throw new DomainError('BAD_REQUEST', 'scim.noEmail');
    const effects = newEffects();
    const id = await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      await this.assertUserNameFree(tx, caller.orgId, input.userName, null);
      const [existing] = await tx.query<{ id: string }[]>('SELECT id FROM users WHERE email = $1 FOR UPDATE', [email]);
      let userId = existing?.id ?? null;
      let membership: MembershipLite | null = null;
      if (userId) {
        membership = await this.membershipOf(tx, userId);
        if (membership && membership.org_id !== caller.orgId) throw new DomainError('CONFLICT', 'scim.otherOrganization', { email });
        const [linked] = await tx.query<{ id: string }[]>('SELECT id FROM scim_users WHERE org_id = $1 AND user_id = $2', [
          caller.orgId,
          userId,
        ]);
        if (linked) throw new DomainError('CONFLICT', 'scim.userNameTaken', { userName: input.userName });
      } else {
        const names = namesOf(input);
        const [created] = await tx.query<{ id: string }[]>(
          `INSERT INTO users (username, first_name, last_name, email, auto_logout_minutes) VALUES ($1, $2, $3, $4, 30) RETURNING id`,
          [await this.freeUsername(tx, input.userName, email), names.firstName, names.lastName, email],
        );
        userId = created!.id;
      }
      if (!membership) {
        if (input.active) await this.assertSeat(tx, caller.orgId);
        await tx.query(`INSERT INTO memberships (user_id, org_id, role, status) VALUES ($1, $2, 'USER', $3)`, [
          userId,
          caller.orgId,
          input.active ? 'active' : 'deactivated',
        ]);
      } else {
        await this.applyActive(tx, caller, membership, userId, input.active, effects);
        await this.updateNames(tx, userId, input);
      }
      const [row] = await tx.query<{ id: string }[]>(
        `INSERT INTO scim_users (org_id, user_id, user_name, user_name_lower, external_id, active, attributes)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          caller.orgId,
          userId,
          input.userName,
          input.userName.toLowerCase(),
          input.externalId,
          input.active,
          JSON.stringify(input.attributes),
        ],
      );
      await this.record(caller, 'scim.user.create', 'user', userId, {
        scimId: row!.id,
        userName: input.userName,
        active: input.active,
        linked: Boolean(existing),
      });
      return row!.id;
    });
    await this.settle(effects);
    return this.getUser(caller, id);
  }

  async replaceUser(caller: ScimCaller, id: string, body: unknown): Promise<Record<string, unknown>> {
    const input = parseUser(normaliseUserBody(body));
    await this.changeUser(caller, id, 'scim.user.replace', () => Promise.resolve(input));
    return this.getUser(caller, id);
  }

  async patchUser(caller: ScimCaller, id: string, body: unknown): Promise<Record<string, unknown>> {
    await this.changeUser(caller, id, 'scim.user.patch', async (current) => parseUser(normaliseUserBody(await patchUser(current, body))));
    return this.getUser(caller, id);
  }

  private async changeUser(
    caller: ScimCaller,
    id: string,
    action: 'scim.user.replace' | 'scim.user.patch',
    next: (current: StoredUser) => Promise<UserInput>,
  ): Promise<void> {
    const effects = newEffects();
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      const current = await this.storedUser(tx, caller.orgId, id);
      const input = await next(current);
      if (input.userName.toLowerCase() !== current.userName.toLowerCase()) {
        await this.assertUserNameFree(tx, caller.orgId, input.userName, current.id);
      }
      const [{ user_id: userId } = { user_id: '' }] = await tx.query<{ user_id: string }[]>(
        'SELECT user_id FROM scim_users WHERE id = $1 AND org_id = $2',
        [current.id, caller.orgId],
      );
      const membership = await this.membershipOf(tx, userId);
      if (membership && membership.org_id === caller.orgId) await this.applyActive(tx, caller, membership, userId, input.active, effects);
      await this.updateNames(tx, userId, input);
      const email = emailOf(input);
      if (email) {
        // A new address is taken only when no other account has it.
        await tx.query(
          'UPDATE users SET email = $1 WHERE id = $2 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = $1 AND o.id <> $2)',
          [email, userId],
        );
      }
      await tx.query(
        `UPDATE scim_users SET user_name = $1, user_name_lower = $2, external_id = $3, active = $4, attributes = $5,
                version = version + 1, updated_at = now()
          WHERE id = $6 AND org_id = $7`,
        [
          input.userName,
          input.userName.toLowerCase(),
          input.externalId,
          input.active,
          JSON.stringify(input.attributes),
          current.id,
          caller.orgId,
        ],
      );
      await this.record(caller, action, 'user', userId, { scimId: current.id, userName: input.userName, active: input.active });
    });
    await this.settle(effects);
  }

  async deleteUser(caller: ScimCaller, id: string): Promise<void> {
    const effects = newEffects();
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      const current = await this.storedUser(tx, caller.orgId, id);
      const [{ user_id: userId } = { user_id: '' }] = await tx.query<{ user_id: string }[]>(
        'SELECT user_id FROM scim_users WHERE id = $1 AND org_id = $2',
        [current.id, caller.orgId],
      );
      const membership = await this.membershipOf(tx, userId);
      if (membership && membership.org_id === caller.orgId) {
        await this.assertNotLastAdmin(tx, membership);
        await tx.query('DELETE FROM memberships WHERE id = $1 AND org_id = $2', [membership.id, caller.orgId]);
      }
      await tx.query('DELETE FROM scim_users WHERE id = $1 AND org_id = $2', [current.id, caller.orgId]);
      await this.record(caller, 'scim.user.delete', 'user', userId, {
        scimId: current.id,
        userName: current.userName,
        role: membership?.role ?? null,
      });
      effects.endSessions.add(userId);
    });
    await this.settle(effects);
  }

  // ---------------------------------------------------------------- Groups

  async listGroups(caller: ScimCaller, query: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (query.filter !== undefined && typeof query.filter !== 'string') throw scimBadRequest('invalidFilter', 'Give one filter');
    const filter = typeof query.filter === 'string' && query.filter.trim() ? parseFilter(query.filter) : null;
    const page = pageOf(query, SCIM_LIMITS.maxPageSize);
    const excludeMembers = typeof query.excludedAttributes === 'string' && /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes);
    const groups = (await this.storedGroups(this.dataSource.manager, caller.orgId)).map((g) => groupResource(g, this.base));
    const selected = applyFilter(filter, groups);
    return listResponse(excludeMembers ? selected.map(({ members: _members, ...rest }) => rest) : selected, page);
  }

  async getGroup(caller: ScimCaller, id: string): Promise<Record<string, unknown>> {
    const [group] = await this.storedGroups(this.dataSource.manager, caller.orgId, id);
    if (!group) throw new DomainError('NOT_FOUND', 'scim.groupNotFound');
    return groupResource(group, this.base);
  }

  async createGroup(caller: ScimCaller, body: unknown): Promise<Record<string, unknown>> {
    const input = parseGroup(normaliseGroupBody(body));
    const effects = newEffects();
    const id = await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      await this.assertGroupNameFree(tx, caller.orgId, input.displayName, null);
      await this.assertMembersExist(tx, caller.orgId, input.members);
      const [row] = await tx.query<{ id: string }[]>(
        `INSERT INTO scim_groups (org_id, display_name, display_name_lower, external_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [caller.orgId, input.displayName, input.displayName.toLowerCase(), input.externalId],
      );
      await this.setMembers(tx, caller.orgId, row!.id, [], input.members);
      await this.record(caller, 'scim.group.create', 'scim_group', row!.id, {
        displayName: input.displayName,
        members: input.members.length,
      });
      return row!.id;
    });
    await this.settle(effects);
    return this.getGroup(caller, id);
  }

  async replaceGroup(caller: ScimCaller, id: string, body: unknown): Promise<Record<string, unknown>> {
    const input = parseGroup(normaliseGroupBody(body));
    await this.changeGroup(caller, id, () => Promise.resolve(input));
    return this.getGroup(caller, id);
  }

  async patchGroup(caller: ScimCaller, id: string, body: unknown): Promise<Record<string, unknown>> {
    await this.changeGroup(caller, id, async (current) => parseGroup(normaliseGroupBody(await patchGroup(current, body))));
    return this.getGroup(caller, id);
  }

  private async changeGroup(caller: ScimCaller, id: string, next: (current: StoredGroup) => Promise<GroupInput>): Promise<void> {
    const effects = newEffects();
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      const [current] = await this.storedGroups(tx, caller.orgId, id);
      if (!current) throw new DomainError('NOT_FOUND', 'scim.groupNotFound');
      const input = await next(current);
      if (input.displayName.toLowerCase() !== current.displayName.toLowerCase()) {
        await this.assertGroupNameFree(tx, caller.orgId, input.displayName, current.id);
      }
      await this.assertMembersExist(tx, caller.orgId, input.members);
      await tx.query(
        `UPDATE scim_groups SET display_name = $1, display_name_lower = $2, external_id = $3, version = version + 1, updated_at = now()
          WHERE id = $4 AND org_id = $5`,
        [input.displayName, input.displayName.toLowerCase(), input.externalId, current.id, caller.orgId],
      );
      const before = current.members.map((m) => m.id);
      const { added, removed } = await this.setMembers(tx, caller.orgId, current.id, before, input.members);
      await this.record(caller, 'scim.group.change', 'scim_group', current.id, {
        displayName: input.displayName,
        added: added.length,
        removed: removed.length,
      });
      await this.recomputeRoles(tx, caller.orgId, [...added, ...removed], this.actorOf(caller), effects);
    });
    await this.settle(effects);
  }

  async deleteGroup(caller: ScimCaller, id: string): Promise<void> {
    const effects = newEffects();
    await this.dataSource.transaction(async (tx) => {
      await this.lockOrganisation(tx, caller.orgId);
      const group = await this.groupRow(tx, caller.orgId, id);
      const members = await this.memberIdsOf(tx, caller.orgId, [group.id]);
      await tx.query('DELETE FROM scim_groups WHERE id = $1 AND org_id = $2', [group.id, caller.orgId]);
      await this.record(caller, 'scim.group.delete', 'scim_group', group.id, { displayName: group.displayName, members: members.length });
      await this.recomputeRoles(tx, caller.orgId, members, this.actorOf(caller), effects);
    });
    await this.settle(effects);
  }

  // ---------------------------------------------------------------- rules

  private async lockOrganisation(tx: EntityManager, orgId: string): Promise<void> {
    await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
  }

  private async membershipOf(tx: EntityManager, userId: string): Promise<MembershipLite | null> {
    const [row] = await tx.query<MembershipLite[]>('SELECT id, org_id, role, status FROM memberships WHERE user_id = $1 FOR UPDATE', [
      userId,
    ]);
    return row ?? null;
  }

  private async assertSeat(tx: EntityManager, orgId: string): Promise<void> {
    const seats = await this.members.seats({ orgId }, tx);
    if (seats.used + 1 > seats.limit) throw new DomainError('FORBIDDEN', 'scim.seatLimit', { limit: seats.limit, used: seats.used });
  }

  private async assertNotLastAdmin(tx: EntityManager, membership: MembershipLite): Promise<void> {
    if (membership.role !== 'ADMIN' || membership.status !== 'active') return;
    const others = await tx.query<{ id: string }[]>(
      `SELECT id FROM memberships WHERE org_id = $1 AND role = 'ADMIN' AND status = 'active' AND id <> $2 FOR UPDATE`,
      [membership.org_id, membership.id],
    );
    if (others.length === 0) throw new DomainError('BAD_REQUEST', 'scim.lastAdmin');
  }

  /** active:false deactivates (sessions end after commit), active:true reactivates within the seats. */
  private async applyActive(
    tx: EntityManager,
    caller: ScimCaller,
    membership: MembershipLite,
    userId: string,
    active: boolean,
    effects: Effects,
  ): Promise<void> {
    if (!active && membership.status === 'active') {
      await this.assertNotLastAdmin(tx, membership);
      await tx.query(`UPDATE memberships SET status = 'deactivated', updated_at = now() WHERE id = $1 AND org_id = $2`, [
        membership.id,
        caller.orgId,
      ]);
      await this.record(caller, 'scim.user.deactivate', 'user', userId, { role: membership.role });
      effects.endSessions.add(userId);
    } else if (active && membership.status === 'deactivated') {
      await this.assertSeat(tx, caller.orgId);
      await tx.query(`UPDATE memberships SET status = 'active', updated_at = now() WHERE id = $1 AND org_id = $2`, [
        membership.id,
        caller.orgId,
      ]);
      await this.record(caller, 'scim.user.reactivate', 'user', userId, { role: membership.role });
    }
  }

  private async updateNames(tx: EntityManager, userId: string, input: UserInput): Promise<void> {
    const names = namesOf(input);
    if (names.firstName === null && names.lastName === null) return;
    await tx.query(
      'UPDATE users SET first_name = coalesce($1, first_name), last_name = coalesce($2, last_name), updated_at = now() WHERE id = $3',
      [names.firstName, names.lastName, userId],
    );
  }

  private async assertUserNameFree(tx: EntityManager, orgId: string, userName: string, exceptId: string | null): Promise<void> {
    const [taken] = await tx.query<{ id: string }[]>(
      'SELECT id FROM scim_users WHERE org_id = $1 AND user_name_lower = $2 AND ($3::uuid IS NULL OR id <> $3)',
      [orgId, userName.toLowerCase(), exceptId],
    );
    if (taken) throw new DomainError('CONFLICT', 'scim.userNameTaken', { userName });
  }

  private async assertGroupNameFree(tx: EntityManager, orgId: string, displayName: string, exceptId: string | null): Promise<void> {
    const [taken] = await tx.query<{ id: string }[]>(
      'SELECT id FROM scim_groups WHERE org_id = $1 AND display_name_lower = $2 AND ($3::uuid IS NULL OR id <> $3)',
      [orgId, displayName.toLowerCase(), exceptId],
    );
    if (taken) throw new DomainError('CONFLICT', 'scim.groupNameTaken', { displayName });
  }

  private async assertMembersExist(tx: EntityManager, orgId: string, ids: string[]): Promise<void> {
    const bad = ids.find((id) => !isUuid(id));
    if (bad) throw scimBadRequest('invalidValue', `No user with id '${bad}'`);
    if (!ids.length) return;
    const found = await tx.query<{ id: string }[]>('SELECT id FROM scim_users WHERE org_id = $1 AND id = ANY($2::uuid[])', [orgId, ids]);
    const known = new Set(found.map((f) => f.id));
    const missing = ids.find((id) => !known.has(id.toLowerCase()));
    if (missing) throw scimBadRequest('invalidValue', `No user with id '${missing}'`);
  }

  private async setMembers(
    tx: EntityManager,
    orgId: string,
    groupId: string,
    before: string[],
    after: string[],
  ): Promise<{ added: string[]; removed: string[] }> {
    const next = new Set(after.map((a) => a.toLowerCase()));
    const prev = new Set(before);
    const added = [...next].filter((id) => !prev.has(id));
    const removed = before.filter((id) => !next.has(id));
    if (removed.length) {
      await tx.query('DELETE FROM scim_group_members WHERE org_id = $1 AND group_id = $2 AND scim_user_id = ANY($3::uuid[])', [
        orgId,
        groupId,
        removed,
      ]);
    }
    if (added.length) {
      await tx.query(
        `INSERT INTO scim_group_members (org_id, group_id, scim_user_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`,
        [orgId, groupId, added],
      );
    }
    return { added, removed };
  }

  private async memberIdsOf(tx: EntityManager, orgId: string, groupIds: string[]): Promise<string[]> {
    const rows = await tx.query<{ scim_user_id: string }[]>(
      'SELECT DISTINCT scim_user_id FROM scim_group_members WHERE org_id = $1 AND group_id = ANY($2::uuid[])',
      [orgId, groupIds],
    );
    return rows.map((r) => r.scim_user_id);
  }

  /**
   * A user's role is the highest-ranked role mapped to one of their groups; a user in no mapped
   * group keeps theirs. The organisation's last active ADMIN is never demoted.
   */
  private async recomputeRoles(
    tx: EntityManager,
    orgId: string,
    scimUserIds: string[],
    actor: AuditActor,
    effects: Effects,
  ): Promise<void> {
    if (!scimUserIds.length) return;
    const rows = await tx.query<{ scim_id: string; user_id: string; roles: (ScimMappableRole | null)[] | null }[]>(
      `SELECT s.id AS scim_id, s.user_id,
              (SELECT array_agg(g.role) FROM scim_group_members gm JOIN scim_groups g ON g.id = gm.group_id
                WHERE gm.org_id = s.org_id AND gm.scim_user_id = s.id AND g.role IS NOT NULL) AS roles
         FROM scim_users s WHERE s.org_id = $1 AND s.id = ANY($2::uuid[])`,
      [orgId, scimUserIds],
    );
    for (const row of rows) {
      const mapped = (row.roles ?? []).filter((r): r is ScimMappableRole => r !== null);
      if (!mapped.length) continue;
      const role = mapped.reduce((best, r) => (ROLE_RANKS[r] > ROLE_RANKS[best] ? r : best));
      const membership = await this.membershipOf(tx, row.user_id);
      if (!membership || membership.org_id !== orgId || membership.role === role) continue;
      if (membership.role === 'ADMIN') await this.assertNotLastAdmin(tx, membership);
      await tx.query('UPDATE memberships SET role = $1, updated_at = now() WHERE id = $2 AND org_id = $3', [role, membership.id, orgId]);
      await this.audit.record({
        action: 'scim.user.role',
        outcome: 'success',
        actor,
        orgId,
        target: { type: 'user', id: row.user_id },
        metadata: { ...this.tokenMetadata(actor), scimId: row.scim_id, role: { from: membership.role, to: role } },
      });
      effects.refreshSessions.add(row.user_id);
    }
  }

  /** After the commit: deprovisioned users' sessions end (their sockets on every instance disconnect); changed roles reach the sessions. */
  private async settle(effects: Effects): Promise<void> {
    for (const userId of effects.endSessions) await this.sessions.destroyAllFor(userId);
    for (const userId of effects.refreshSessions) {
      if (effects.endSessions.has(userId)) continue;
      const account = await this.auth.findAccount({ id: userId });
      if (account) await this.sessions.refreshProfile(userId, profileOf(account));
    }
  }

  private async freeUsername(tx: EntityManager, userName: string, email: string): Promise<string> {
    const base = ((userName.includes('@') ? email.split('@')[0] : userName) ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
    for (let attempt = 0; attempt < 6; attempt++) {
      const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      const [taken] = await tx.query<{ id: string }[]>('SELECT id FROM users WHERE username = $1', [candidate]);
      if (!taken) return candidate;
    }
    return `${base}-${randomBytes(8).toString('hex')}`;
  }

  // ---------------------------------------------------------------- reading

  private async storedUsers(manager: EntityManager, orgId: string, id?: string): Promise<StoredUser[]> {
    const rows = await manager.query<
      {
        id: string;
        user_name: string;
        external_id: string | null;
        active: boolean;
        attributes: Record<string, unknown>;
        version: number;
        created_at: Date;
        updated_at: Date;
        groups: { id: string; displayName: string }[] | null;
      }[]
    >(
      `SELECT s.id, s.user_name, s.external_id, s.active, s.attributes, s.version, s.created_at, s.updated_at,
              (SELECT json_agg(json_build_object('id', g.id, 'displayName', g.display_name) ORDER BY g.display_name)
                 FROM scim_group_members gm JOIN scim_groups g ON g.id = gm.group_id
                WHERE gm.org_id = s.org_id AND gm.scim_user_id = s.id) AS groups
         FROM scim_users s
        WHERE s.org_id = $1 AND ($2::uuid IS NULL OR s.id = $2)
        ORDER BY s.created_at, s.id`,
      [orgId, id ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      externalId: r.external_id,
      active: r.active,
      attributes: r.attributes,
      version: r.version,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
      groups: r.groups ?? [],
    }));
  }

  private async storedUser(manager: EntityManager, orgId: string, id: string): Promise<StoredUser> {
    const [user] = isUuid(id) ? await this.storedUsers(manager, orgId, id) : [];
    if (!user) throw new DomainError('NOT_FOUND', 'scim.userNotFound');
    return user;
  }

  private async storedGroups(manager: EntityManager, orgId: string, id?: string): Promise<StoredGroup[]> {
    if (id !== undefined && !isUuid(id)) return [];
    const rows = await manager.query<
      {
        id: string;
        display_name: string;
        external_id: string | null;
        version: number;
        created_at: Date;
        updated_at: Date;
        members: { id: string; userName: string }[] | null;
      }[]
    >(
      `SELECT g.id, g.display_name, g.external_id, g.version, g.created_at, g.updated_at,
              (SELECT json_agg(json_build_object('id', s.id, 'userName', s.user_name) ORDER BY s.user_name)
                 FROM scim_group_members gm JOIN scim_users s ON s.id = gm.scim_user_id
                WHERE gm.org_id = g.org_id AND gm.group_id = g.id) AS members
         FROM scim_groups g
        WHERE g.org_id = $1 AND ($2::uuid IS NULL OR g.id = $2)
        ORDER BY g.created_at, g.id`,
      [orgId, id ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      displayName: r.display_name,
      externalId: r.external_id,
      version: r.version,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
      members: r.members ?? [],
    }));
  }

  private async groupRow(tx: EntityManager, orgId: string, id: string): Promise<ScimGroupRow> {
    const row = isUuid(id) ? await withinOrganisation(orgId, () => tx.getRepository(ScimGroupRow).findOne({ where: { id, orgId } })) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'scim.groupNotFound');
    return row;
  }

  // ---------------------------------------------------------------- audit

  /** The token as the actor: the audit actor has no token field, so it is named in the email slot and the metadata. */
  actorOf(caller: ScimCaller): AuditActor & { tokenId: string; tokenName: string } {
    return {
      userId: null,
      role: null,
      orgId: caller.orgId,
      email: `scim-token:${caller.tokenName}`,
      ip: caller.ip,
      userAgent: caller.userAgent,
      tokenId: caller.tokenId,
      tokenName: caller.tokenName,
    };
  }

  private tokenMetadata(actor: AuditActor): Record<string, unknown> {
    const a = actor as AuditActor & { tokenId?: string; tokenName?: string };
    return a.tokenId ? { tokenId: a.tokenId, tokenName: a.tokenName } : {};
  }

  private async record(
    caller: ScimCaller,
    action: Parameters<AuditService['record']>[0]['action'],
    targetType: string,
    targetId: string,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    const { tokenId, tokenName, ...actor } = this.actorOf(caller);
    await this.audit.record({
      action,
      outcome: 'success',
      actor,
      orgId: caller.orgId,
      target: { type: targetType, id: targetId },
      metadata: { tokenId, tokenName, ...metadata },
    });
  }
}

function newEffects(): Effects {
  return { endSessions: new Set(), refreshSessions: new Set() };
}

function tokenView(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function groupView(g: {
  id: string;
  display_name: string;
  role: ScimMappableRole | null;
  updated_at: Date;
  members: string;
}): ScimGroupView {
  return {
    id: g.id,
    displayName: g.display_name,
    members: Number(g.members),
    role: g.role,
    updatedAt: new Date(g.updated_at).toISOString(),
  };
}
