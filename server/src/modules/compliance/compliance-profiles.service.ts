import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BUILT_IN_RULE_IDS,
  COMPLIANCE_LIMITS,
  COMPLIANCE_RULES,
  CUSTOM_RULE_PREFIX,
  isDrillManager,
  type ComplianceProfile,
  type ComplianceRule,
  type customRuleInputSchema,
  type OrgPrincipal,
  type Period,
  type ProfileEvaluation,
  type ProfileList,
  type profileInputSchema,
  type RuleState,
} from '@muster/contracts';
import { In, IsNull, Not, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { MailService, recipientLanguage } from '../../platform/mail/mail.service.js';
import { complianceRuleMail } from '../../platform/mail/templates/compliance.js';
import { addDays, startOfDay } from '../../platform/time/zoned.js';
import { tenant } from '../../platform/tenancy/tenant-scope.js';
import { DrillMembersService } from '../drills/drill-members.service.js';
import { DrillRunRow } from '../drills/entities/drill-run.entity.js';
import { RunParticipantRow } from '../drills/entities/run-participant.entity.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { ComplianceProfileRow } from './entities/compliance-profile.entity.js';
import { CustomRuleRow } from './entities/custom-rule.entity.js';
import { evaluateRule, type CountableRun } from './rule-evaluator.js';

type ProfileInput = z.output<typeof profileInputSchema>;
type CustomRuleInput = z.output<typeof customRuleInputSchema>;

export interface EvaluateOptions {
  /** The moment to judge at (default: now, or the end of the period when one is given and has ended). */
  asOf?: Date;
  /** Local days, both included; `satisfyingRuns` lists only runs completed within it. */
  period?: Period;
}

const MANAGER_ROLES = ['ADMIN', 'MANAGER'] as const;
const DAY_MS = 86_400_000;

export function customRuleOf(row: CustomRuleRow): ComplianceRule {
  return {
    id: `${CUSTOM_RULE_PREFIX}${row.key}`,
    source: row.source,
    titleKey: null,
    title: row.title,
    builtIn: false,
    kind: 'cadence',
    counts: { scenarios: row.scenarios, types: row.types, eachScenario: row.eachScenario },
    cadence: { every: row.every, unit: row.unit, calendarYear: row.calendarYear, dueSoonDays: row.dueSoonDays },
    crewChange: null,
    retentionYears: null,
    perCrewMember: false,
  };
}

function profileOf(row: ComplianceProfileRow): ComplianceProfile {
  return {
    id: row.id,
    name: row.name,
    scope: { kind: row.scopeKind, facilityName: row.facilityName },
    ruleIds: row.ruleIds,
    crewSize: row.crewSize,
    crewChanges: row.crewChanges,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Compliance profiles: which rules apply, and where each stands. Rules are data
 * (`COMPLIANCE_RULES` and the organisation's own); the evaluation is the pure `evaluateRule` over
 * the organisation's drill runs, in its time zone. Every member reads; ADMINs and MANAGERs write.
 */
@Injectable()
export class ComplianceProfilesService {
  constructor(
    @InjectRepository(ComplianceProfileRow) private readonly profiles: Repository<ComplianceProfileRow>,
    @InjectRepository(CustomRuleRow) private readonly customRules: Repository<CustomRuleRow>,
    @InjectRepository(DrillRunRow) private readonly runs: Repository<DrillRunRow>,
    @InjectRepository(RunParticipantRow) private readonly participants: Repository<RunParticipantRow>,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly members: DrillMembersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private assertManager(principal: OrgPrincipal): void {
    if (!isDrillManager(principal.role)) throw new DomainError('FORBIDDEN', 'compliance.managersOnly');
  }

  // -------------------------------------------------------------------------------------------
  // Rules

  /** Built-in rules, then the organisation's own. */
  async rulesOf(orgId: string): Promise<ComplianceRule[]> {
    const own = await tenant(this.customRules, { orgId }).find({}, { createdAt: 'ASC' });
    return [...COMPLIANCE_RULES, ...own.map(customRuleOf)];
  }

  async listRules(principal: OrgPrincipal): Promise<{ items: ComplianceRule[] }> {
    return { items: await this.rulesOf(principal.orgId) };
  }

  async addRule(principal: OrgPrincipal, input: CustomRuleInput): Promise<ComplianceRule> {
    this.assertManager(principal);
    const scope = tenant(this.customRules, principal);
    const existing = await scope.find();
    if (existing.length >= COMPLIANCE_LIMITS.customRulesMax) {
      throw new DomainError('BAD_REQUEST', 'compliance.tooManyRules', { max: COMPLIANCE_LIMITS.customRulesMax });
    }
    if (existing.some((r) => r.key === input.key)) {
      throw new DomainError('CONFLICT', 'compliance.ruleExists', {}, { fields: { key: { reason: 'compliance.ruleExists', params: {} } } });
    }
    if (input.unit === 'months' && input.every > COMPLIANCE_LIMITS.everyMonthsMax) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'validation.tooBig',
        { max: COMPLIANCE_LIMITS.everyMonthsMax },
        {
          fields: { every: { reason: 'validation.tooBig', params: { max: COMPLIANCE_LIMITS.everyMonthsMax } } },
        },
      );
    }
    const row = await scope.save(
      scope.create({
        key: input.key,
        title: input.title,
        source: input.source,
        scenarios: [...new Set(input.scenarios)],
        types: [...new Set(input.types)],
        eachScenario: input.eachScenario,
        every: input.every,
        unit: input.unit,
        calendarYear: input.calendarYear,
        dueSoonDays: input.dueSoonDays,
      }),
    );
    return customRuleOf(row);
  }

  /** Refuses rule ids that are neither built in nor the organisation's own (400, naming them). */
  async assertKnownRules(orgId: string, ruleIds: readonly string[], field = 'ruleIds'): Promise<void> {
    const known = new Set([...BUILT_IN_RULE_IDS, ...(await this.rulesOf(orgId)).map((r) => r.id)]);
    const unknown = ruleIds.filter((id) => !known.has(id));
    if (unknown.length) {
      const params = { ids: unknown.join(', ') };
      throw new DomainError('VALIDATION_FAILED', 'compliance.unknownRules', params, {
        fields: { [field]: { reason: 'compliance.unknownRules', params } },
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Profiles

  private async row(principal: OrgPrincipal, id: string): Promise<ComplianceProfileRow> {
    const row = await tenant(this.profiles, principal).findOne(id);
    if (!row) throw new DomainError('NOT_FOUND', 'compliance.profileNotFound');
    return row;
  }

  async list(principal: OrgPrincipal, now = new Date()): Promise<ProfileList> {
    const rows = await tenant(this.profiles, principal).find({}, { name: 'ASC' });
    const [rules, runs] = await Promise.all([this.rulesOf(principal.orgId), this.countableRuns(principal.orgId)]);
    const items = rows.map((row) => {
      const evaluation = this.evaluateRow(row, rules, runs, principal.timeZone, now);
      const counts: Record<RuleState, number> = { passing: 0, due_soon: 0, failing: 0 };
      for (const rule of evaluation.rules) counts[rule.state] += 1;
      return { ...profileOf(row), counts };
    });
    return { items, editable: isDrillManager(principal.role) };
  }

  async get(principal: OrgPrincipal, id: string): Promise<ComplianceProfile> {
    return profileOf(await this.row(principal, id));
  }

  async create(principal: OrgPrincipal, input: ProfileInput): Promise<ComplianceProfile> {
    this.assertManager(principal);
    await this.assertKnownRules(principal.orgId, input.ruleIds);
    const scope = tenant(this.profiles, principal);
    const row = await scope.save(scope.create(this.values(input)));
    return profileOf(row);
  }

  async update(principal: OrgPrincipal, id: string, input: ProfileInput): Promise<ComplianceProfile> {
    this.assertManager(principal);
    const row = await this.row(principal, id);
    await this.assertKnownRules(principal.orgId, input.ruleIds);
    Object.assign(row, this.values(input));
    return profileOf(await tenant(this.profiles, principal).save(row));
  }

  async remove(principal: OrgPrincipal, id: string): Promise<void> {
    this.assertManager(principal);
    const row = await this.row(principal, id);
    await this.profiles.delete({ id: row.id, orgId: principal.orgId });
  }

  private values(input: ProfileInput): Partial<ComplianceProfileRow> {
    return {
      name: input.name,
      scopeKind: input.scope,
      facilityName: input.scope === 'facility' ? (input.facilityName?.trim() ?? null) : null,
      ruleIds: input.ruleIds,
      crewSize: input.crewSize ?? null,
      crewChanges: [...input.crewChanges].sort((a, b) => a.date.localeCompare(b.date)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Evaluation

  /** The organisation's finished runs (the evaluator decides which count). */
  private async countableRuns(orgId: string): Promise<CountableRun[]> {
    const rows = await this.runs.find({
      where: { orgId, status: In(['completed', 'approved']), completedAt: Not(IsNull()) },
      select: { id: true, title: true, scenario: true, type: true, status: true, completedAt: true },
      order: { completedAt: 'DESC' },
    });
    // Who checked in to the approved runs (rules per crew member count them).
    const approved = rows.filter((r) => r.status === 'approved').map((r) => r.id);
    const present = approved.length
      ? await this.participants.find({
          where: { orgId, runId: In(approved), checkedInAt: Not(IsNull()) },
          select: { runId: true, userId: true, name: true },
        })
      : [];
    const attendees = new Map<string, string[]>();
    for (const p of present)
      attendees.set(p.runId, [...(attendees.get(p.runId) ?? []), p.userId ?? `guest:${p.name.trim().toLowerCase()}`]);
    return rows.map((r) => ({
      runId: r.id,
      status: r.status,
      completedAt: r.completedAt,
      templateName: r.title,
      scenario: r.scenario,
      type: r.type,
      attendees: attendees.get(r.id) ?? [],
    }));
  }

  private evaluateRow(
    row: ComplianceProfileRow,
    rules: readonly ComplianceRule[],
    runs: readonly CountableRun[],
    timeZone: string,
    asOf: Date,
    period?: Period,
  ): ProfileEvaluation {
    const byId = new Map(rules.map((r) => [r.id, r]));
    return {
      profileId: row.id,
      profileName: row.name,
      scope: { kind: row.scopeKind, facilityName: row.facilityName },
      timeZone,
      asOf: asOf.toISOString(),
      ...(period ? { period } : {}),
      rules: row.ruleIds
        .map((id) => byId.get(id))
        .filter((rule): rule is ComplianceRule => rule !== undefined)
        .map((rule) => evaluateRule({ rule, runs, asOf, timeZone, crewSize: row.crewSize, crewChanges: row.crewChanges, period })),
    };
  }

  /**
   * Where each rule of a profile stands at `asOf` (default now; with a period that has ended, its
   * last moment), with the runs that satisfy it (within the period when one is given).
   */
  async evaluate(principal: OrgPrincipal, profileId: string, opts: EvaluateOptions = {}): Promise<ProfileEvaluation> {
    const row = await this.row(principal, profileId);
    const timeZone = principal.timeZone;
    if (opts.period) this.assertPeriod(opts.period);
    let asOf = opts.asOf ?? new Date();
    if (!opts.asOf && opts.period) {
      const end = new Date(startOfDay(addDays(opts.period.to, 1), timeZone).getTime() - 1);
      if (end < asOf) asOf = end;
    }
    const [rules, runs] = await Promise.all([this.rulesOf(principal.orgId), this.countableRuns(principal.orgId)]);
    return this.evaluateRow(row, rules, runs, timeZone, asOf, opts.period);
  }

  private assertPeriod(period: Period): void {
    const days = (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS;
    if (Number.isNaN(days)) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'validation.invalidFormat',
        {},
        { fields: { from: { reason: 'validation.invalidFormat', params: {} } } },
      );
    }
    if (days < 0) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'compliance.periodBackwards',
        {},
        { fields: { to: { reason: 'compliance.periodBackwards', params: {} } } },
      );
    }
    if (days > COMPLIANCE_LIMITS.periodMaxDays) {
      throw new DomainError(
        'VALIDATION_FAILED',
        'compliance.periodTooLong',
        {},
        { fields: { to: { reason: 'compliance.periodTooLong', params: {} } } },
      );
    }
  }

  // -------------------------------------------------------------------------------------------
  // The daily check

  /**
   * Notifies the organisation's ADMINs and MANAGERs of each rule of each profile that is due soon
   * or failing — once per profile, rule, state and due date (the notification's dedupe key), in the
   * app and by email in each one's language. Run by the daily compliance check (compliance.processor.ts).
   */
  async checkOrganization(orgId: string, timeZone: string, now: Date): Promise<number> {
    const rows = await tenant(this.profiles, { orgId }).find({}, { name: 'ASC' });
    if (!rows.length) return 0;
    const [rules, runs, managers] = await Promise.all([
      this.rulesOf(orgId),
      this.countableRuns(orgId),
      this.members.withRoles(orgId, MANAGER_ROLES),
    ]);
    let sent = 0;
    for (const row of rows) {
      const evaluation = this.evaluateRow(row, rules, runs, timeZone, now);
      for (const rule of evaluation.rules) {
        if (rule.state === 'passing') continue;
        // Job ids (the mail's idempotency key) may not contain ':' (custom rules are `custom:<key>`).
        const key = `compliance-${row.id}-${rule.ruleId.replace(':', '_')}-${rule.state}-${rule.nextDueAt ?? 'never'}`;
        const notified = await this.notifications.notify({
          userIds: managers.map((m) => m.id),
          orgId,
          kind: 'compliance_rule',
          data: {
            profileId: row.id,
            profileName: row.name,
            ruleId: rule.ruleId,
            source: rule.source,
            state: rule.state,
            dueDate: rule.nextDueAt,
          },
          link: `/app/compliance/profiles?profile=${row.id}`,
          dedupeKey: key,
        });
        sent += notified.length;
        for (const person of managers.filter((m) => notified.includes(m.id))) {
          await this.mail.sendTemplate(
            complianceRuleMail,
            {
              name: person.name,
              profile: row.name,
              source: rule.source,
              state: rule.state,
              dueDate: rule.nextDueAt,
              url: `${this.config.APP_ORIGINS[0] ?? ''}/app/compliance/profiles?profile=${row.id}`,
            },
            { to: person.email, orgId, language: recipientLanguage(person.language), timeZone },
            { idempotencyKey: `${key}-${person.id}` },
          );
        }
      }
    }
    return sent;
  }
}
