import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  SAML_LIMITS,
  SAML_ROLES,
  type createSamlProviderSchema,
  type SamlCertificate,
  type SamlEvent,
  type SamlOverview,
  type SamlProvider,
  type SamlRefusal,
  type SamlRole,
  type SsoSettings,
  type updateSamlProviderSchema,
  type updateSsoSettingsSchema,
} from '@muster/contracts';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService, type AuditActor } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, InvalidFieldError } from '../../platform/errors/domain-error.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { SessionService } from '../../platform/session/session.service.js';
import type { SessionRecord } from '../../platform/session/session.store.js';
import { acrossOrganisations, withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import type { Account } from '../identity/accounts.js';
import { newSessionOf } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { Membership } from '../identity/entities/membership.entity.js';
import { Organization } from '../identity/entities/organization.entity.js';
import { User } from '../identity/entities/user.entity.js';
import { MembersService } from '../members/members.service.js';
import { SamlProviderRow, type SamlIdpCertificate } from './entities/saml-provider.entity.js';
import { SamlSignInEventRow } from './entities/saml-sign-in-event.entity.js';
import { SsoSettingsRow } from './entities/sso-settings.entity.js';
import { parseCertificate, pemOf } from './saml-cert.js';
import { SsoAlertsService } from './sso-alerts.service.js';
import { fetchMetadata } from './saml-metadata-fetch.js';
import { SamlSpKeyService } from './saml-sp-key.service.js';
import { decodeSamlMessage, parseIdpMetadata, parseXml } from './saml-xml.js';
import { mappedRole, refusalOf, safeReturnPath } from './saml-rules.js';

type CreateInput = z.output<typeof createSamlProviderSchema>;
type UpdateInput = z.output<typeof updateSamlProviderSchema>;
type SettingsInput = z.output<typeof updateSsoSettingsSchema>;

/** A refusal of a SAML answer: written as an event and an audit event, then shown on the login page. */
export class SamlRefused extends Error {
  constructor(
    readonly refusal: SamlRefusal,
    detail: string,
    readonly subject: string | null = null,
  ) {
    super(detail);
  }
}

/** A string the library's types promise but an answer may lack. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

function emailOf(profile: Profile): string | null {
  const candidates = [profile.email, profile.mail, profile['urn:oid:0.9.2342.19200300.100.1.3'], profile.nameID];
  for (const c of candidates) {
    const value = stringsOf(c)[0]?.trim().toLowerCase();
    if (value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254) return value;
  }
  return null;
}

interface AssertionXml {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string; NotOnOrAfter?: string } }[] }[] }[];
  };
}

type Flow = 'sign_in' | 'test';

/** SAML single sign-on: identity providers, SP metadata, sign-in (SP- and IdP-initiated), enforcement. */
@Injectable()
export class SamlService implements OnModuleInit {
  private readonly logger = new Logger('Saml');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SamlProviderRow) private readonly providers: Repository<SamlProviderRow>,
    @InjectRepository(SsoSettingsRow) private readonly settings: Repository<SsoSettingsRow>,
    @InjectRepository(SamlSignInEventRow) private readonly events: Repository<SamlSignInEventRow>,
    @InjectRepository(Membership) private readonly memberships: Repository<Membership>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly spKey: SamlSpKeyService,
    private readonly auth: AuthService,
    private readonly members: MembersService,
    private readonly audit: AuditService,
    private readonly alerts: SsoAlertsService,
    private readonly sessions: SessionService,
  ) {}

  onModuleInit(): void {
    this.auth.registerSignInCheck((account, client, action) => this.enforce(account, client, action));
    this.auth.registerPasswordExemption((account) => this.isBreakGlass(account));
    this.auth.registerLogoutRedirect((session, client) => this.logoutUrl(session, client));
  }

  // ------------------------------------------------------------------ URLs

  private origin(): string {
    return this.config.APP_ORIGINS[0] ?? '';
  }

  spUrls(providerId: string): SamlProvider['sp'] {
    const base = `${this.origin()}/api/sso/saml/${providerId}`;
    return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, sloUrl: `${base}/slo`, metadataUrl: `${base}/metadata` };
  }

  // ------------------------------------------------------------------ admin

  async overview(orgId: string): Promise<SamlOverview> {
    const [rows, settings, admins, events, sp] = await Promise.all([
      this.providers.find({ where: { orgId }, order: { createdAt: 'ASC' } }),
      this.settingsOf(orgId),
      this.memberships.find({ where: { orgId, role: 'ADMIN', status: 'active' }, relations: { user: true } }),
      this.events.find({ where: { orgId }, order: { createdAt: 'DESC' }, take: SAML_LIMITS.eventsShown }),
      this.spKey.key(),
    ]);
    const names = new Map(rows.map((r) => [r.id, r.name]));
    return {
      providers: rows.map((r) => this.view(r)),
      settings,
      admins: admins
        .filter((m) => m.user && m.user.status === 'active')
        .map((m) => ({
          id: m.userId,
          name: [m.user!.firstName, m.user!.lastName].filter(Boolean).join(' ') || m.user!.username,
          email: m.user!.email,
        })),
      events: events.map((e) => this.eventView(e, names)),
      spCertificate: this.certificateView(parseCertificate(sp.certificate)!),
    };
  }

  private certificateView(c: SamlIdpCertificate): SamlCertificate {
    return { fingerprint: c.fingerprint, subject: c.subject, notAfter: c.notAfter, expired: new Date(c.notAfter).getTime() <= Date.now() };
  }

  private eventView(e: SamlSignInEventRow, names: Map<string, string>): SamlEvent {
    return {
      id: e.id,
      providerId: e.providerId,
      providerName: e.providerId ? (names.get(e.providerId) ?? null) : null,
      outcome: e.outcome,
      reason: e.reason,
      subject: e.subject,
      createdAt: e.createdAt.toISOString(),
    };
  }

  view(row: SamlProviderRow): SamlProvider {
    return {
      id: row.id,
      name: row.name,
      idpEntityId: row.idpEntityId,
      ssoUrl: row.ssoUrl,
      sloUrl: row.sloUrl,
      certificates: row.certificates.map((c) => this.certificateView(c)),
      metadataSource: row.metadataSource,
      metadataUrl: row.metadataUrl,
      metadataRefreshedAt: row.metadataRefreshedAt?.toISOString() ?? null,
      metadataRefreshError: row.metadataRefreshError,
      emailDomains: row.emailDomains,
      defaultRole: row.defaultRole,
      groupAttribute: row.groupAttribute,
      groupMappings: row.groupMappings,
      allowIdpInitiated: row.allowIdpInitiated,
      enabled: row.enabled,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      sp: this.spUrls(row.id),
    };
  }

  /** An organisation's SSO enforcement and break-glass admins. */
  async settingsOf(orgId: string): Promise<SsoSettings> {
    const row = await this.settings.findOne({ where: { orgId } });
    return { enforced: row?.enforced ?? false, breakGlassUserIds: row?.breakGlassUserIds ?? [] };
  }

  /** The IdP's side from the input: metadata XML, metadata URL or the fields by hand. */
  private async idpOf(input: Partial<CreateInput>): Promise<Partial<SamlProviderRow> | null> {
    if (input.metadataXml?.trim()) {
      const m = await parseIdpMetadata(input.metadataXml);
      return {
        idpEntityId: m.entityId,
        ssoUrl: m.ssoUrl,
        sloUrl: m.sloUrl,
        certificates: m.certificates,
        metadataSource: 'xml',
        metadataUrl: null,
      };
    }
    if (input.metadataUrl) {
      const xml = await this.fetchMetadataXml(input.metadataUrl);
      const m = await parseIdpMetadata(xml);
      return {
        idpEntityId: m.entityId,
        ssoUrl: m.ssoUrl,
        sloUrl: m.sloUrl,
        certificates: m.certificates,
        metadataSource: 'url',
        metadataUrl: input.metadataUrl,
        metadataRefreshedAt: new Date(),
        metadataRefreshError: null,
      };
    }
    if (input.idpEntityId !== undefined || input.ssoUrl !== undefined || input.certificates !== undefined) {
      const certificates = input.certificates?.map((c, i) => {
        const parsed = parseCertificate(c);
        if (!parsed) throw new InvalidFieldError(`certificates.${String(i)}`, 'saml.certificateInvalid');
        return parsed;
      });
      return {
        ...(input.idpEntityId !== undefined ? { idpEntityId: input.idpEntityId } : {}),
        ...(input.ssoUrl !== undefined ? { ssoUrl: input.ssoUrl } : {}),
        ...(input.sloUrl !== undefined ? { sloUrl: input.sloUrl || null } : {}),
        ...(certificates ? { certificates } : {}),
        metadataSource: 'manual',
      };
    }
    if (input.sloUrl !== undefined) return { sloUrl: input.sloUrl || null };
    return null;
  }

  private async fetchMetadataXml(url: string): Promise<string> {
    try {
      return await fetchMetadata(new URL(url), this.config.SIEM_ALLOWED_NETWORKS);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      throw new DomainError('BAD_REQUEST', 'saml.metadataFetch', { detail: (err as Error).message.slice(0, 200) });
    }
  }

  /** A domain belongs to at most one enabled provider, platform-wide. */
  private async assertDomainsFree(domains: readonly string[], exceptId: string | null): Promise<void> {
    if (!domains.length) return;
    const rows = await acrossOrganisations('saml: an email domain belongs to one enabled provider platform-wide', () =>
      this.providers
        .createQueryBuilder('p')
        .select(['p.id', 'p.emailDomains'])
        .where('p.enabled = true')
        .andWhere('p.email_domains && :domains', { domains })
        .getMany(),
    );
    const taken = rows.filter((r) => r.id !== exceptId).flatMap((r) => r.emailDomains.filter((d) => domains.includes(d)));
    if (taken.length) throw new InvalidFieldError('emailDomains', 'saml.domainTaken', { domain: taken[0]! });
  }

  async create(actor: AuditActor, orgId: string, input: CreateInput): Promise<SamlProvider> {
    if ((await this.providers.count({ where: { orgId } })) >= SAML_LIMITS.providersPerOrg) {
      throw new DomainError('CONFLICT', 'saml.tooManyProviders', { max: SAML_LIMITS.providersPerOrg });
    }
    const idp = await this.idpOf(input);
    if (!idp?.idpEntityId || !idp.ssoUrl || !idp.certificates?.length) throw new DomainError('BAD_REQUEST', 'saml.sourceRequired');
    const domains = [...new Set(input.emailDomains)];
    if (input.enabled) await this.assertDomainsFree(domains, null);
    const row = await this.providers.save(
      this.providers.create({
        orgId,
        name: input.name,
        sloUrl: null,
        metadataUrl: null,
        ...idp,
        emailDomains: domains,
        defaultRole: input.defaultRole,
        groupAttribute: input.groupAttribute,
        groupMappings: input.groupMappings,
        allowIdpInitiated: input.allowIdpInitiated,
        enabled: input.enabled,
      }),
    );
    await this.record(actor, orgId, 'sso.provider.create', row, { source: row.metadataSource, idpEntityId: row.idpEntityId });
    return this.view(row);
  }

  private async find(orgId: string, id: string): Promise<SamlProviderRow> {
    const row = isUuid(id) ? await this.providers.findOne({ where: { id, orgId } }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'notFound.samlProvider');
    return row;
  }

  async update(actor: AuditActor, orgId: string, id: string, input: UpdateInput): Promise<SamlProvider> {
    const row = await this.find(orgId, id);
    const idp = await this.idpOf(input);
    const changed: string[] = [];
    const set = <K extends keyof SamlProviderRow>(key: K, value: SamlProviderRow[K] | undefined): void => {
      if (value === undefined || JSON.stringify(value) === JSON.stringify(row[key])) return;
      row[key] = value;
      changed.push(key);
    };
    if (idp) for (const [key, value] of Object.entries(idp)) set(key as keyof SamlProviderRow, value as never);
    set('name', input.name);
    set('emailDomains', input.emailDomains && [...new Set(input.emailDomains)]);
    set('defaultRole', input.defaultRole);
    set('groupAttribute', input.groupAttribute);
    set('groupMappings', input.groupMappings);
    set('allowIdpInitiated', input.allowIdpInitiated);
    set('enabled', input.enabled);
    if (!changed.length) return this.view(row);
    if (row.enabled) await this.assertDomainsFree(row.emailDomains, row.id);
    if (!row.enabled) await this.assertEnforcementKeepsProvider(orgId, row.id);
    await withinOrganisation(orgId, () => this.providers.save(row));
    await this.record(actor, orgId, 'sso.provider.update', row, { changed });
    return this.view(row);
  }

  async remove(actor: AuditActor, orgId: string, id: string): Promise<void> {
    const row = await this.find(orgId, id);
    await this.assertEnforcementKeepsProvider(orgId, row.id);
    await this.providers.delete({ id: row.id, orgId });
    await this.record(actor, orgId, 'sso.provider.delete', row, { idpEntityId: row.idpEntityId });
  }

  /** Enforcement needs an enabled provider: the last one cannot be disabled or removed while it is on. */
  private async assertEnforcementKeepsProvider(orgId: string, leavingId: string): Promise<void> {
    const settings = await this.settingsOf(orgId);
    if (!settings.enforced) return;
    const others = await this.providers.count({ where: { orgId, enabled: true } });
    const leaving = await this.providers.count({ where: { orgId, id: leavingId, enabled: true } });
    if (others - leaving < 1) throw new DomainError('CONFLICT', 'saml.enforceNeedsProvider');
  }

  /** Re-reads the metadata URL (the daily job and the admin's button). */
  async refresh(orgId: string, id: string): Promise<SamlProvider> {
    const row = await this.find(orgId, id);
    if (row.metadataSource !== 'url' || !row.metadataUrl) throw new DomainError('BAD_REQUEST', 'saml.sourceRequired');
    await this.refreshRow(row);
    return this.view(row);
  }

  async refreshRow(row: SamlProviderRow): Promise<void> {
    try {
      const m = await parseIdpMetadata(await this.fetchMetadataXml(row.metadataUrl!));
      Object.assign(row, { idpEntityId: m.entityId, ssoUrl: m.ssoUrl, sloUrl: m.sloUrl, certificates: m.certificates });
      row.metadataRefreshError = null;
    } catch (err) {
      row.metadataRefreshError = (err as Error).message.slice(0, 500);
    }
    row.metadataRefreshedAt = new Date();
    await withinOrganisation(row.orgId, () => this.providers.save(row));
  }

  /** Every provider read from a URL (the daily refresh job). */
  async refreshAll(): Promise<number> {
    const rows = await acrossOrganisations('saml: the daily metadata refresh reads every provider', () =>
      this.providers.find({ where: { metadataSource: 'url' } }),
    );
    for (const row of rows) await this.refreshRow(row);
    return rows.length;
  }

  async updateSettings(actor: AuditActor, orgId: string, input: SettingsInput): Promise<SsoSettings> {
    const ids = [...new Set(input.breakGlassUserIds)];
    if (ids.length) {
      const admins = await this.memberships.count({ where: { orgId, role: 'ADMIN', status: 'active', userId: In(ids) } });
      if (admins !== ids.length) throw new InvalidFieldError('breakGlassUserIds', 'saml.unknownAdmin');
    }
    if (input.enforced) {
      if (!(await this.providers.count({ where: { orgId, enabled: true } })))
        throw new DomainError('CONFLICT', 'saml.enforceNeedsProvider');
      if (!ids.length) throw new InvalidFieldError('breakGlassUserIds', 'saml.enforceNeedsBreakGlass');
    }
    const before = await this.settingsOf(orgId);
    await this.dataSource.transaction(async (tx) => {
      await tx.upsert(SsoSettingsRow, { orgId, enforced: input.enforced, breakGlassUserIds: ids }, ['orgId']);
      await tx.update(Organization, { id: orgId }, { ssoRequired: input.enforced });
    });
    if (before.enforced !== input.enforced || JSON.stringify(before.breakGlassUserIds) !== JSON.stringify(ids)) {
      await this.audit.record({
        action: 'sso.enforcement.change',
        outcome: 'success',
        actor,
        orgId,
        target: { type: 'organization', id: orgId },
        metadata: { enforced: input.enforced, breakGlassUserIds: ids },
      });
    }
    return { enforced: input.enforced, breakGlassUserIds: ids };
  }

  private async record(
    actor: AuditActor,
    orgId: string,
    action: 'sso.provider.create' | 'sso.provider.update' | 'sso.provider.delete',
    row: SamlProviderRow,
    metadata: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record({
      action,
      outcome: 'success',
      actor,
      orgId,
      target: { type: 'saml_provider', id: row.id },
      metadata: { name: row.name, ...metadata },
    });
  }

  // ------------------------------------------------------------------ enforcement

  private async isBreakGlass(account: Account): Promise<boolean> {
    const orgId = account.membership.orgId;
    if (!orgId) return false;
    const settings = await this.settingsOf(orgId);
    return settings.breakGlassUserIds.includes(account.user.id) && account.membership.role === 'ADMIN';
  }

  /** Password and emailed-code sign-in under enforcement: only break-glass admins, each use alerted. */
  private async enforce(account: Account, client: ClientContext, action: 'auth.login' | 'auth.magic.failed'): Promise<void> {
    const orgId = account.membership.orgId;
    if (!orgId || !account.org?.ssoRequired) return;
    const actor = {
      userId: account.user.id,
      role: account.membership.role,
      orgId,
      email: account.user.email,
      ip: client.ip,
      userAgent: client.userAgent,
    };
    if (await this.isBreakGlass(account)) {
      await this.audit.record({
        action: 'sso.break_glass.used',
        outcome: 'success',
        actor,
        metadata: { method: action === 'auth.login' ? 'password' : 'magic_code' },
      });
      await this.alerts.breakGlassUsed(orgId, account, client).catch((err: unknown) => this.logger.error(err));
      return;
    }
    await this.audit.record({ action, outcome: 'failure', reason: 'sso_required', actor });
    throw new DomainError('SSO_REQUIRED', 'saml.useSso');
  }

  // ------------------------------------------------------------------ the SAML library

  private cacheOf(providerId: string): CacheProvider {
    const key = (id: string | null): string => `${this.config.REDIS_PREFIX}:saml:request:${providerId}:${id ?? ''}`;
    return {
      saveAsync: async (id, value) => {
        const createdAt = Date.now();
        await this.redis.set(key(id), JSON.stringify({ value, createdAt }), 'PX', SAML_LIMITS.requestTtlMs);
        return { value, createdAt };
      },
      getAsync: async (id) => {
        const raw = await this.redis.get(key(id));
        return raw ? (JSON.parse(raw) as { value: string }).value : null;
      },
      removeAsync: async (id) => {
        if (!id) return null;
        const raw = await this.redis.getdel(key(id));
        return raw ? (JSON.parse(raw) as { value: string }).value : null;
      },
    };
  }

  private async samlOf(row: SamlProviderRow, inResponseTo: 'always' | 'never', requestId?: string): Promise<SAML> {
    const sp = await this.spKey.key();
    const urls = this.spUrls(row.id);
    const now = Date.now();
    const valid = row.certificates.filter((c) => new Date(c.notAfter).getTime() > now);
    return new SAML({
      callbackUrl: urls.acsUrl,
      entryPoint: row.ssoUrl,
      issuer: urls.entityId,
      audience: urls.entityId,
      idpIssuer: row.idpEntityId,
      // With no certificate in date, nothing verifies (the caller refuses earlier with `certificate`).
      idpCert: valid.length ? valid.map((c) => pemOf(c.der)) : row.certificates.map((c) => pemOf(c.der)),
      privateKey: sp.privateKeyPem,
      publicCert: sp.certificate,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      // node-saml refuses a response with neither a valid response nor assertion signature.
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: SAML_LIMITS.clockSkewMs,
      maxAssertionAgeMs: SAML_LIMITS.replayTtlMaxMs,
      validateInResponseTo: inResponseTo === 'always' ? ValidateInResponseTo.always : ValidateInResponseTo.never,
      requestIdExpirationPeriodMs: SAML_LIMITS.requestTtlMs,
      cacheProvider: this.cacheOf(row.id),
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
      logoutUrl: row.sloUrl ?? row.ssoUrl,
      logoutCallbackUrl: urls.sloUrl,
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
    });
  }

  /** The IdP URL of a new AuthnRequest (its id kept in Redis for InResponseTo). */
  private async authorizeUrl(row: SamlProviderRow, flow: Flow, returnTo: string | null): Promise<string> {
    const requestId = `_${randomBytes(20).toString('hex')}`;
    const saml = await this.samlOf(row, 'always', requestId);
    if (flow === 'test') await this.redis.set(this.testKey(row.id, requestId), '1', 'PX', SAML_LIMITS.requestTtlMs);
    return saml.getAuthorizeUrlAsync(returnTo ?? '', undefined, {});
  }

  private testKey(providerId: string, requestId: string): string {
    return `${this.config.REDIS_PREFIX}:saml:test:${providerId}:${requestId}`;
  }

  async testUrl(orgId: string, id: string): Promise<string> {
    return this.authorizeUrl(await this.find(orgId, id), 'test', null);
  }

  /** The login page's "Sign in with SSO": the enabled provider of the email's domain. */
  async discover(email: string, returnTo: string | undefined): Promise<string> {
    const domain = email.split('@')[1]?.toLowerCase() ?? '';
    const row = await acrossOrganisations('saml: sign-in discovery finds the provider of an email domain', () =>
      this.providers.createQueryBuilder('p').where('p.enabled = true').andWhere(':domain = ANY(p.email_domains)', { domain }).getOne(),
    );
    if (!row) throw new DomainError('NOT_FOUND', 'saml.noProvider');
    return this.authorizeUrl(row, 'sign_in', safeReturnPath(returnTo));
  }

  /** A provider named by an ACS, SLO or metadata URL (no session: any organisation). */
  async providerById(id: string): Promise<SamlProviderRow> {
    const row = isUuid(id)
      ? await acrossOrganisations('saml: the IdP posts to a URL that names the provider', () => this.providers.findOne({ where: { id } }))
      : null;
    if (!row) throw new DomainError('NOT_FOUND', 'notFound.samlProvider');
    return row;
  }

  async spMetadata(id: string): Promise<string> {
    const row = await this.providerById(id);
    const sp = await this.spKey.key();
    const saml = await this.samlOf(row, 'always');
    return saml.generateServiceProviderMetadata(null, sp.certificate);
  }

  // ------------------------------------------------------------------ single logout

  /** A signed LogoutRequest to the IdP of an SSO session (null when the IdP has no single logout). */
  async logoutUrl(session: SessionRecord, client: ClientContext): Promise<string | null> {
    if (!session.sso) return null;
    const row = await this.providerById(session.sso.providerId).catch(() => null);
    if (!row?.sloUrl) return null;
    const saml = await this.samlOf(row, 'always');
    const url = await saml.getLogoutUrlAsync(
      {
        issuer: row.idpEntityId,
        nameID: session.sso.nameId,
        nameIDFormat: session.sso.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        ...(session.sso.sessionIndex ? { sessionIndex: session.sso.sessionIndex } : {}),
      },
      '',
      {},
    );
    await this.audit.record({
      action: 'sso.logout',
      outcome: 'success',
      actor: { userId: session.userId, role: session.role, orgId: row.orgId, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'saml_provider', id: row.id },
      metadata: { initiatedBy: 'sp' },
    });
    return url;
  }

  /**
   * The SLO endpoint (HTTP-Redirect): the IdP's LogoutResponse to our request (then the login page),
   * or its own LogoutRequest, which ends every session of that member (then our LogoutResponse).
   */
  async slo(providerId: string, query: Record<string, string>, rawQuery: string, client: ClientContext): Promise<string> {
    const row = await this.providerById(providerId);
    for (const key of ['SAMLRequest', 'SAMLResponse'] as const) {
      if (query[key] !== undefined && (typeof query[key] !== 'string' || query[key].length > SAML_LIMITS.maxXmlBytes)) {
        throw new DomainError('BAD_REQUEST', 'saml.malformed');
      }
    }
    if (!query.SAMLRequest && !query.SAMLResponse) throw new DomainError('BAD_REQUEST', 'saml.malformed');
    const saml = await this.samlOf(row, query.SAMLResponse ? 'always' : 'never');
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validateRedirectAsync(query, rawQuery));
    } catch (err) {
      const message = (err as Error).message;
      await this.event(row, 'refused', refusalOf(message), null, `logout: ${message}`);
      return `/login?sso_error=${refusalOf(message)}`;
    }
    if (query.SAMLResponse) return '/login';
    const email = textOf(profile?.nameID).toLowerCase();
    const account = email ? await this.auth.findAccount({ email }) : null;
    let ended = 0;
    if (account && account.membership.orgId === row.orgId) ended = await this.sessions.destroyAllFor(account.user.id);
    await this.audit.record({
      action: 'sso.logout',
      outcome: 'success',
      actor: { userId: account?.user.id ?? null, orgId: row.orgId, email: email || null, ip: client.ip, userAgent: client.userAgent },
      target: { type: 'saml_provider', id: row.id },
      metadata: { initiatedBy: 'idp', sessionsEnded: ended },
    });
    return saml.getLogoutResponseUrlAsync(profile!, query.RelayState ?? '', {}, true);
  }

  // ------------------------------------------------------------------ the assertion consumer service

  /**
   * Checks a SAMLResponse: sizes and DTDs first (400), then the library (signature, issuer, audience,
   * time conditions, InResponseTo), then what it leaves to us: recipient, destination, replay.
   */
  private async validate(row: SamlProviderRow, samlResponse: unknown): Promise<{ profile: Profile; flow: Flow }> {
    const xml = decodeSamlMessage(samlResponse);
    await parseXml(xml); // not well-formed: 400
    if (/<!--/.test(xml)) throw new SamlRefused('malformed', 'XML comments are not accepted');
    const now = Date.now();
    if (!row.certificates.some((c) => new Date(c.notAfter).getTime() > now)) {
      throw new SamlRefused('certificate', 'Every signing certificate of this provider has expired');
    }
    const inResponseTo = /<(?:\w+:)?Response\b[^>]*\sInResponseTo\s*=\s*["']([^"']+)["']/.exec(xml)?.[1] ?? null;
    if (!inResponseTo && !row.allowIdpInitiated) throw new SamlRefused('idp_initiated', 'IdP-initiated sign-in is not allowed');
    const saml = await this.samlOf(row, inResponseTo ? 'always' : 'never');
    const flow: Flow = inResponseTo && (await this.redis.getdel(this.testKey(row.id, inResponseTo))) ? 'test' : 'sign_in';
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: (samlResponse as string).replace(/\s+/g, '') }));
    } catch (err) {
      const message = textOf((err as Error).message) || 'invalid';
      throw new SamlRefused(refusalOf(message), message.slice(0, 500));
    }
    if (!profile) throw new SamlRefused('malformed', 'No assertion');
    const subject = textOf(profile.nameID).slice(0, 320) || null;
    const acs = this.spUrls(row.id).acsUrl;
    const destination = /<(?:\w+:)?Response\b[^>]*\sDestination\s*=\s*["']([^"']+)["']/.exec(xml)?.[1];
    if (destination !== undefined && destination !== acs) throw new SamlRefused('recipient', `Destination ${destination}`, subject);
    const assertion = (profile.getAssertion?.() ?? {}) as AssertionXml;
    const confirmations = (assertion.Assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap((s) => s.SubjectConfirmationData ?? []);
    if (!confirmations.length || confirmations.some((d) => d.$?.Recipient !== acs)) {
      throw new SamlRefused('recipient', 'SubjectConfirmationData Recipient is not this ACS', subject);
    }
    const assertionId = assertion.Assertion?.$?.ID;
    if (!assertionId) throw new SamlRefused('malformed', 'Assertion without ID', subject);
    const until = [assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter, ...confirmations.map((d) => d.$?.NotOnOrAfter)]
      .map((v) => (v ? Date.parse(v) : NaN))
      .filter((v) => Number.isFinite(v));
    const ttl = Math.min(
      SAML_LIMITS.replayTtlMaxMs,
      Math.max(60_000, (until.length ? Math.max(...until) : now) - now + SAML_LIMITS.clockSkewMs),
    );
    const first = await this.redis.set(
      `${this.config.REDIS_PREFIX}:saml:assertion:${row.idpEntityId}:${assertionId}`,
      row.id,
      'PX',
      ttl,
      'NX',
    );
    if (first !== 'OK') throw new SamlRefused('replay', `Assertion ${assertionId} was already used`, subject);
    return { profile, flow };
  }

  /** The IdP's POST: a session and 303 to the app, or a recorded refusal and 303 to the login page. */
  async acs(request: FastifyRequest, reply: FastifyReply, providerId: string, body: unknown, client: ClientContext): Promise<string> {
    const row = await this.providerById(providerId);
    const form = (body ?? {}) as Record<string, unknown>;
    const relay = safeReturnPath(form.RelayState);
    let subject: string | null = null;
    try {
      if (!row.enabled) throw new SamlRefused('disabled', 'This provider is disabled');
      const { profile, flow } = await this.validate(row, form.SAMLResponse);
      subject = textOf(profile.nameID).slice(0, 320) || null;
      const email = emailOf(profile);
      if (!email) throw new SamlRefused('no_email', 'The assertion carries no email address', subject);
      const groups = stringsOf(profile[row.groupAttribute]);
      if (flow === 'test') {
        await this.event(row, 'test', null, email);
        await this.audit.record({
          action: 'sso.test',
          outcome: 'success',
          actor: { email, orgId: row.orgId, ip: client.ip, userAgent: client.userAgent },
          target: { type: 'saml_provider', id: row.id },
          metadata: { groups: groups.slice(0, 20), mappedRole: mappedRole(groups, row.groupMappings) },
        });
        return `/app/admin/saml?test=ok`;
      }
      const account = await this.accountFor(row, email, groups);
      await this.auth.signIn(request, reply, {
        ...newSessionOf(account),
        method: 'sso',
        sso: {
          providerId: row.id,
          nameId: textOf(profile.nameID),
          nameIdFormat: textOf(profile.nameIDFormat) || null,
          sessionIndex: profile.sessionIndex ?? null,
        },
      });
      await this.users.update(account.user.id, { lastLoginAt: new Date() });
      row.lastSignInAt = new Date();
      await withinOrganisation(row.orgId, () =>
        this.providers.update({ id: row.id, orgId: row.orgId }, { lastSignInAt: row.lastSignInAt! }),
      );
      await this.event(row, 'success', null, email);
      await this.audit.record({
        action: 'sso.login',
        outcome: 'success',
        actor: {
          userId: account.user.id,
          role: account.membership.role,
          orgId: row.orgId,
          email,
          ip: client.ip,
          userAgent: client.userAgent,
        },
        target: { type: 'saml_provider', id: row.id },
        metadata: { method: 'sso', provider: row.name },
      });
      return relay ?? '/app/dashboard';
    } catch (err) {
      if (!(err instanceof SamlRefused)) {
        if (err instanceof DomainError && err.code === 'BAD_REQUEST') {
          await this.event(row, 'refused', 'malformed', subject, err.message);
        }
        throw err;
      }
      await this.event(row, 'refused', err.refusal, err.subject ?? subject, err.message);
      await this.audit.record({
        action: 'sso.login',
        outcome: 'failure',
        reason: err.refusal,
        actor: { email: err.subject ?? subject, orgId: row.orgId, ip: client.ip, userAgent: client.userAgent },
        target: { type: 'saml_provider', id: row.id },
      });
      return `/login?sso_error=${err.refusal}`;
    }
  }

  private async event(
    row: SamlProviderRow,
    outcome: SamlEvent['outcome'],
    reason: SamlRefusal | null,
    subject: string | null,
    detail?: string,
  ): Promise<void> {
    await withinOrganisation(row.orgId, () =>
      this.events.insert({
        orgId: row.orgId,
        providerId: row.id,
        outcome,
        reason,
        subject: subject?.slice(0, 320) ?? null,
        detail: detail?.slice(0, 500) ?? null,
      }),
    );
  }

  /** The member behind the email: found (its role mapped from the groups) or provisioned just in time. */
  private async accountFor(row: SamlProviderRow, email: string, groups: string[]): Promise<Account> {
    const mapped = mappedRole(groups, row.groupMappings);
    const existing = await this.auth.findAccount({ email });
    if (existing) {
      if (existing.membership.orgId !== row.orgId)
        throw new SamlRefused('wrong_organization', 'The user belongs to another organisation', email);
      if (existing.membership.status !== 'active' || existing.user.status !== 'active') {
        throw new SamlRefused('inactive', `Membership ${existing.membership.status}, user ${existing.user.status}`, email);
      }
      if (mapped && mapped !== existing.membership.role && (SAML_ROLES as readonly string[]).includes(existing.membership.role)) {
        await this.changeRole(existing, mapped);
      }
      return (await this.auth.findAccount({ id: existing.user.id }))!;
    }
    const domain = email.split('@')[1]!;
    if (row.emailDomains.length && !row.emailDomains.includes(domain)) {
      throw new SamlRefused('wrong_organization', 'The email domain is not one of this provider', email);
    }
    const userId = await this.dataSource.transaction(async (tx) => {
      // One new member at a time per organisation: two sign-ins cannot both take the last seat.
      await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [row.orgId]);
      const seats = await this.members.seats({ orgId: row.orgId }, tx);
      if (seats.used + 1 > seats.limit) throw new SamlRefused('seats', `Seats full (${String(seats.used)}/${String(seats.limit)})`, email);
      const user = await tx.save(tx.create(User, { username: await this.freeUsername(tx, email), email, passwordHash: null }));
      await tx.save(tx.create(Membership, { userId: user.id, orgId: row.orgId, role: mapped ?? row.defaultRole }));
      return user.id;
    });
    return (await this.auth.findAccount({ id: userId }))!;
  }

  /** Applies the mapped role, but never demotes the organisation's last active ADMIN. */
  private async changeRole(account: Account, role: SamlRole): Promise<void> {
    await this.dataSource.transaction(async (tx: EntityManager) => {
      await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [account.membership.orgId]);
      if (account.membership.role === 'ADMIN' && role !== 'ADMIN') {
        const admins = await tx.count(Membership, { where: { orgId: account.membership.orgId!, role: 'ADMIN', status: 'active' } });
        if (admins <= 1) return;
      }
      await tx.update(Membership, { id: account.membership.id }, { role });
    });
  }

  private async freeUsername(tx: EntityManager, email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'user';
    for (let attempt = 0; attempt < 6; attempt++) {
      const candidate = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await tx.exists(User, { where: { username: candidate } }))) return candidate;
    }
    return `${base}-${randomBytes(8).toString('hex')}`;
  }
}
