import type { SelectQueryBuilder } from 'typeorm';
import type { EvidenceRecordRow } from './entities/evidence-record.entity.js';

/**
 * Which records a guest auditor may see: of the organisation, supporting one of `ruleIds` (the
 * rules of the invite's profiles), with a period overlapping [from, to], and — when facilities are
 * named — of one of them or of the whole organisation (no facility). No rule: nothing.
 */
export interface EvidenceScope {
  orgId: string;
  ruleIds: readonly string[];
  facilities: readonly string[];
  from: string;
  to: string;
}

/** Whether one record is in the scope (the same test as `whereInScope`, in memory). */
export function inScope(
  row: Pick<EvidenceRecordRow, 'orgId' | 'ruleIds' | 'periodFrom' | 'periodTo' | 'facility'>,
  scope: EvidenceScope,
): boolean {
  if (row.orgId !== scope.orgId) return false;
  if (!row.ruleIds.some((id) => scope.ruleIds.includes(id))) return false;
  if (row.periodFrom > scope.to || row.periodTo < scope.from) return false;
  return !scope.facilities.length || row.facility === null || scope.facilities.includes(row.facility);
}

/** Narrows a query of `evidence_records` (as `alias`) to the scope. */
export function whereInScope<T extends EvidenceRecordRow>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  scope: EvidenceScope,
): SelectQueryBuilder<T> {
  qb.andWhere(`${alias}.org_id = :scopeOrgId`, { scopeOrgId: scope.orgId })
    .andWhere(`${alias}.rule_ids ?| CAST(:scopeRuleIds AS text[])`, { scopeRuleIds: [...scope.ruleIds] })
    .andWhere(`${alias}.period_from <= :scopeTo AND ${alias}.period_to >= :scopeFrom`, { scopeFrom: scope.from, scopeTo: scope.to });
  if (scope.facilities.length) {
    qb.andWhere(`(${alias}.facility IS NULL OR ${alias}.facility IN (:...scopeFacilities))`, { scopeFacilities: [...scope.facilities] });
  }
  return qb;
}
