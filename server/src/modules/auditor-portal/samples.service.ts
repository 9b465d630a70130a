import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Principal, SamplePopulation, SampleView } from '@muster/contracts';
import type { Repository } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { InvalidFieldError } from '../../platform/errors/domain-error.js';
import { tenant } from '../../platform/tenancy/tenant-scope.js';
import { EvidenceRecordRow } from '../evidence/entities/evidence-record.entity.js';
import { EvidenceSampleRow } from '../evidence/entities/evidence-sample.entity.js';
import { whereInScope, type EvidenceScope } from '../evidence/evidence-scope.js';
import { AuditorAccessService } from './auditor-access.service.js';
import { drawSample, newSeed, SAMPLE_METHOD } from './sample-draw.js';

function sampleView(row: EvidenceSampleRow): SampleView {
  return {
    id: row.id,
    seed: row.seed,
    population: row.population,
    populationSize: row.populationSize,
    size: row.size,
    recordIds: row.recordIds,
    method: row.method,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Samples: an auditor draws N records from a population of their scope (optionally of one kind,
 * supporting one rule, overlapping a period) with a seed that is shown and stored, so anyone can
 * draw the same sample again, in Muster or outside it (`sample-draw.ts`, docs/audit-sampling.md).
 * An empty population answers 400 `auditor.sampleEmpty`; a size above the population 400
 * `auditor.sampleTooLarge` with the population's size as the most (a sample never silently shrinks).
 */
@Injectable()
export class SamplesService {
  constructor(
    @InjectRepository(EvidenceSampleRow) private readonly samples: Repository<EvidenceSampleRow>,
    @InjectRepository(EvidenceRecordRow) private readonly records: Repository<EvidenceRecordRow>,
    private readonly access: AuditorAccessService,
    private readonly audit: AuditService,
  ) {}

  async list(principal: Principal, query: { preview?: string }): Promise<SampleView[]> {
    const access = await this.access.resolve(principal, query.preview);
    const rows = await tenant(this.samples, { orgId: access.invite.orgId }).find({ inviteId: access.invite.id }, { createdAt: 'DESC' });
    return rows.map(sampleView);
  }

  /** The ids of the population: the records of the scope that match the filters. */
  async population(scope: EvidenceScope, filters: SamplePopulation): Promise<string[]> {
    const qb = this.records.createQueryBuilder('r').select('r.id', 'id');
    whereInScope(qb, 'r', scope);
    if (filters.kind) qb.andWhere('r.kind = :kind', { kind: filters.kind });
    if (filters.ruleId) qb.andWhere('r.rule_ids ? :ruleId', { ruleId: filters.ruleId });
    if (filters.from) qb.andWhere('r.period_to >= :from', { from: filters.from });
    if (filters.to) qb.andWhere('r.period_from <= :to', { to: filters.to });
    const rows = await qb.getRawMany<{ id: string }>();
    return rows.map((r) => r.id.toLowerCase());
  }

  async draw(
    principal: Principal,
    body: { population: SamplePopulation; size: number; seed?: string },
    client: ClientContext,
  ): Promise<SampleView> {
    const access = await this.access.resolveWriter(principal, client);
    const filters: SamplePopulation = Object.fromEntries(Object.entries(body.population).filter(([, v]) => Boolean(v)));
    const ids = await this.population(access.scope, filters);
    if (!ids.length) throw new InvalidFieldError('population', 'auditor.sampleEmpty');
    if (body.size > ids.length) throw new InvalidFieldError('size', 'auditor.sampleTooLarge', { max: ids.length });
    const seed = body.seed ?? newSeed();
    const recordIds = drawSample(ids, body.size, seed);
    const scope = tenant(this.samples, { orgId: access.invite.orgId });
    const row = await scope.save(
      scope.create({
        inviteId: access.invite.id,
        seed,
        population: filters,
        populationSize: ids.length,
        size: body.size,
        recordIds,
        method: SAMPLE_METHOD,
      }),
    );
    await this.audit.record({
      action: 'evidence.sample.drawn',
      outcome: 'success',
      orgId: access.invite.orgId,
      actor: access.who.actor,
      target: { type: 'evidence_sample', id: row.id },
      metadata: { seed, method: SAMPLE_METHOD, population: filters, populationSize: ids.length, recordIds, auditor: access.who.name },
    });
    return sampleView(row);
  }
}
