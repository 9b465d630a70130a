import {
  COMPLIANCE_RECORD_RETENTION_YEARS,
  DRILL_SCENARIO_GROUPS,
  EXERCISE_TYPES,
  addMonthsUtc,
  dayInZone,
  type ComplianceRule,
  type CrewChange,
  type DrillRunStatus,
  type DrillScenario,
  type DrillType,
  type Period,
  type RuleEvaluation,
  type RuleReason,
  type RuleReasonKey,
  type RuleState,
  type SatisfyingRun,
} from '@muster/contracts';

/**
 * The pure evaluation of one compliance rule: no database, no clock. The service hands it the
 * organisation's drill runs, its time zone and the moment to judge at.
 *
 * What counts: approved runs (status `approved`, completed at or before `asOf`) of one of the rule's
 * scenarios and types. Scheduled, running, completed-but-not-approved and cancelled runs never count.
 *
 * Days are the organisation's local days. The due date is the last satisfying run's local day plus
 * the cadence (`every` days, or `every` calendar months clamped to the month's end), and with the
 * calendar-year rule no later than 31 December of the following year. Today up to and including
 * the due date the rule is met: due soon during the last `dueSoonDays` days (due date included),
 * passing before; from the day after the due date it fails. With 90 days and 14 days' warning, a
 * run on day 0 gives: passing through day 76, due soon on days 77–90, failing from day 91.
 */
export interface CountableRun {
  runId: string;
  status: DrillRunStatus;
  completedAt: Date | null;
  templateName: string;
  scenario: DrillScenario;
  type: DrillType;
  /** Who checked in (member ids, or guests' names): for rules per crew member. */
  attendees?: readonly string[];
}

export interface RuleEvaluationInput {
  rule: ComplianceRule;
  runs: readonly CountableRun[];
  asOf: Date;
  timeZone: string;
  crewSize?: number | null;
  crewChanges?: readonly CrewChange[];
  /** When given, `satisfyingRuns` lists only runs completed within it (local days, both ends included). */
  period?: Period;
}

const DAY_MS = 86_400_000;
const STATE_RANK: Record<RuleState, number> = { passing: 0, due_soon: 1, failing: 2 };

/** Whole days from local day `a` to local day `b` (`YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

export function addDaysToDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local day by which the next run is due after one on `lastDay`, and whether the calendar year decided it. */
export function dueAfter(cadence: ComplianceRule['cadence'], lastDay: string): { due: string; byCalendarYear: boolean } {
  const byInterval = cadence.unit === 'days' ? addDaysToDay(lastDay, cadence.every) : addMonthsUtc(lastDay, cadence.every);
  if (cadence.calendarYear) {
    const endOfNextYear = `${String(Number(lastDay.slice(0, 4)) + 1)}-12-31`;
    if (endOfNextYear < byInterval) return { due: endOfNextYear, byCalendarYear: true };
  }
  return { due: byInterval, byCalendarYear: false };
}

/** Where a due date stands on `today`: failing after it, due soon in its last `dueSoonDays` days. */
export function stateFor(due: string, today: string, dueSoonDays: number): RuleState {
  const daysLeft = daysBetween(today, due);
  if (daysLeft < 0) return 'failing';
  return daysLeft < dueSoonDays ? 'due_soon' : 'passing';
}

const SECURITY: readonly DrillScenario[] = [...DRILL_SCENARIO_GROUPS.security, ...DRILL_SCENARIO_GROUPS.cyber];

/** What the reason calls the runs a rule counts: a scenario, "security drill", "exercise" or "drill". */
export function whatOf(scenarios: readonly DrillScenario[], types: readonly DrillType[]): string {
  if (scenarios.length === 1) return scenarios[0]!;
  const exercisesOnly = types.length > 0 && types.every((t) => EXERCISE_TYPES.includes(t));
  if (exercisesOnly) return 'exercise';
  if (scenarios.length === SECURITY.length && SECURITY.every((s) => scenarios.includes(s))) return 'security_drill';
  return 'drill';
}

interface Part {
  state: RuleState;
  reason: RuleReason;
  due: string | null;
  last: Date | null;
}

function reason(key: RuleReasonKey, params: RuleReason['params']): RuleReason {
  return { key, params };
}

function cadencePart(rule: ComplianceRule, what: string, counted: readonly CountableRun[], today: string, tz: string): Part {
  const { every, unit, dueSoonDays } = rule.cadence;
  const last = counted[0];
  if (!last) return { state: 'failing', reason: reason('never', { what, every, unit }), due: null, last: null };
  const lastDay = dayInZone(last.completedAt!, tz);
  const { due, byCalendarYear } = dueAfter(rule.cadence, lastDay);
  const state = stateFor(due, today, dueSoonDays);
  const days = daysBetween(lastDay, today);
  if (byCalendarYear && state !== 'passing') {
    const key = state === 'failing' ? 'calendarYearOverdue' : 'calendarYearDueSoon';
    return { state, reason: reason(key, { what, days, due, year: due.slice(0, 4) }), due, last: last.completedAt };
  }
  const key = state === 'failing' ? 'lastRunOverdue' : state === 'due_soon' ? 'lastRunDueSoon' : 'lastRunOk';
  return { state, reason: reason(key, { what, days, every, unit, due }), due, last: last.completedAt };
}

/** B/13.6: the latest crew change of more than the threshold needs a counted run within `withinDays` of it. */
function crewChangePart(
  rule: ComplianceRule,
  counted: readonly CountableRun[],
  today: string,
  tz: string,
  crewSize: number | null | undefined,
  changes: readonly CrewChange[],
): Part | null {
  if (!rule.crewChange || !crewSize) return null;
  const { thresholdPercent, withinDays } = rule.crewChange;
  const triggering = changes
    .filter((c) => c.date <= today && (c.changed * 100) / crewSize > thresholdPercent)
    .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
  if (!triggering) return null;
  const answered = counted.some((r) => dayInZone(r.completedAt!, tz) >= triggering.date);
  if (answered) return null;
  const due = addDaysToDay(triggering.date, withinDays);
  const percent = Math.round((triggering.changed * 1000) / crewSize) / 10;
  const params = { percent, threshold: thresholdPercent, changedOn: triggering.date, due, withinDays };
  return today > due
    ? { state: 'failing', reason: reason('crewChangeOverdue', params), due, last: null }
    : { state: 'due_soon', reason: reason('crewChangeDueSoon', params), due, last: null };
}

/** 33 CFR 105.225: every run completed in the retention window has its signed (approved) record. */
function recordsPart(rule: ComplianceRule, runs: readonly CountableRun[], asOf: Date, today: string, tz: string): Part {
  const years = rule.retentionYears ?? 2;
  const since = `${String(Number(today.slice(0, 4)) - years)}${today.slice(4)}`;
  const inWindow = runs.filter(
    (r) =>
      (r.status === 'completed' || r.status === 'approved') &&
      r.completedAt &&
      r.completedAt <= asOf &&
      dayInZone(r.completedAt, tz) >= since &&
      rule.counts.scenarios.includes(r.scenario) &&
      rule.counts.types.includes(r.type),
  );
  const pending = inWindow.filter((r) => r.status === 'completed').sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime());
  const approved = inWindow.filter((r) => r.status === 'approved');
  const last = approved.length ? approved.reduce((a, b) => (a.completedAt! > b.completedAt! ? a : b)).completedAt : null;
  const oldest = pending[0];
  if (!oldest) {
    return {
      state: 'passing',
      reason: reason('recordsKept', { count: approved.length, years, keptYears: COMPLIANCE_RECORD_RETENTION_YEARS }),
      due: null,
      last,
    };
  }
  const oldestDay = dayInZone(oldest.completedAt!, tz);
  const due = addDaysToDay(oldestDay, rule.cadence.every);
  const days = daysBetween(oldestDay, today);
  const failing = today > due;
  return {
    state: failing ? 'failing' : 'due_soon',
    reason: reason(failing ? 'recordsOverdueApproval' : 'recordsPendingApproval', {
      pending: pending.length,
      days,
      dueSoonDays: rule.cadence.every,
    }),
    due,
    last,
  };
}

/**
 * SOLAS III/19.3 per crew member: for each scenario, the people checked in to the counted runs
 * that still cover today (their due date not passed) must be at least the crew size.
 */
function perCrewPart(
  rule: ComplianceRule,
  counted: readonly CountableRun[],
  today: string,
  tz: string,
  crewSize: number | null | undefined,
): Part | null {
  if (!rule.perCrewMember || !crewSize) return null;
  let worst: Part | null = null;
  for (const scenario of rule.counts.scenarios) {
    const covering = counted.filter((r) => r.scenario === scenario && dueAfter(rule.cadence, dayInZone(r.completedAt!, tz)).due >= today);
    if (!covering.length) continue; // never run or overdue: the cadence part says so
    const attended = new Set(covering.flatMap((r) => r.attendees ?? [])).size;
    if (attended >= crewSize) continue;
    const part: Part = {
      state: 'failing',
      reason: reason('crewNotAllDrilled', { what: scenario, attended, crewSize, every: rule.cadence.every, unit: rule.cadence.unit }),
      due: null,
      last: null,
    };
    worst ??= part;
  }
  return worst;
}

function satisfying(run: CountableRun): SatisfyingRun {
  return {
    runId: run.runId,
    completedAt: run.completedAt!.toISOString(),
    templateName: run.templateName,
    scenario: run.scenario,
    kind: run.type,
  };
}

/** Evaluates one rule at `asOf`. */
export function evaluateRule(input: RuleEvaluationInput): RuleEvaluation {
  const { rule, asOf, timeZone: tz } = input;
  const today = dayInZone(asOf, tz);
  // Approved runs that count, newest first.
  const counted = input.runs
    .filter(
      (r) =>
        r.status === 'approved' &&
        r.completedAt !== null &&
        r.completedAt <= asOf &&
        rule.counts.scenarios.includes(r.scenario) &&
        rule.counts.types.includes(r.type),
    )
    .sort((a, b) => b.completedAt!.getTime() - a.completedAt!.getTime());

  let parts: Part[];
  if (rule.kind === 'records') {
    parts = [recordsPart(rule, input.runs, asOf, today, tz)];
  } else if (rule.counts.eachScenario) {
    const perScenario = rule.counts.scenarios.map((s) => ({
      scenario: s,
      part: cadencePart(
        rule,
        s,
        counted.filter((r) => r.scenario === s),
        today,
        tz,
      ),
    }));
    const missing = perScenario.filter((p) => p.part.last === null).map((p) => p.scenario);
    // The scenario due first decides (never run: due already).
    const worst = [...perScenario].sort(
      (a, b) => STATE_RANK[b.part.state] - STATE_RANK[a.part.state] || (a.part.due ?? '').localeCompare(b.part.due ?? ''),
    )[0]!;
    const lasts = perScenario.map((p) => p.part.last);
    const part: Part = missing.length
      ? {
          state: 'failing',
          reason: reason('scenariosMissing', { missing: missing.join(', '), every: rule.cadence.every, unit: rule.cadence.unit }),
          due: null,
          last: null,
        }
      : { ...worst.part, last: lasts.reduce<Date | null>((a, b) => (a && b ? (a < b ? a : b) : null), lasts[0] ?? null) };
    parts = [part];
  } else {
    parts = [cadencePart(rule, whatOf(rule.counts.scenarios, rule.counts.types), counted, today, tz)];
  }
  const crew = rule.kind === 'cadence' ? crewChangePart(rule, counted, today, tz, input.crewSize, input.crewChanges ?? []) : null;
  if (crew) parts.push(crew);
  const perCrew = rule.kind === 'cadence' ? perCrewPart(rule, counted, today, tz, input.crewSize) : null;
  if (perCrew) parts.push(perCrew);

  // The worst part decides; on a tie the crew change's (the more specific) reason is given.
  const decisive = parts.reduce((a, b) => (STATE_RANK[b.state] >= STATE_RANK[a.state] ? b : a));
  const dues = parts.map((p) => p.due).filter((d): d is string => d !== null);
  const runs =
    rule.kind === 'records'
      ? input.runs.filter(
          (r) =>
            r.status === 'approved' &&
            r.completedAt &&
            r.completedAt <= asOf &&
            rule.counts.scenarios.includes(r.scenario) &&
            rule.counts.types.includes(r.type),
        )
      : counted;
  const inPeriod = input.period
    ? runs.filter((r) => {
        const day = dayInZone(r.completedAt!, tz);
        return day >= input.period!.from && day <= input.period!.to;
      })
    : runs;
  return {
    ruleId: rule.id,
    source: rule.source,
    titleKey: rule.titleKey,
    title: rule.title,
    state: decisive.state,
    reason: decisive.reason,
    lastSatisfiedAt: (parts[0]!.last ?? null)?.toISOString() ?? null,
    nextDueAt: dues.length ? dues.sort()[0]! : null,
    satisfyingRuns: [...inPeriod].sort((a, b) => b.completedAt!.getTime() - a.completedAt!.getTime()).map(satisfying),
  };
}
