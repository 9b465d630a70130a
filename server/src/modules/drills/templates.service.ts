import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  LIBRARY_TEXT_PATHS,
  completeTemplateSchema,
  templateContentSchema,
  type DrillTemplate,
  type DrillTemplateSummary,
  type GeneratedTemplate,
  type TemplateContent,
  type TemplateList,
  type generateTemplateSchema,
  type saveTemplateSchema,
  type templateListQuerySchema,
} from '@muster/contracts';
import { Brackets, DataSource, type Repository } from 'typeorm';
import type { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { LimiterService } from '../../platform/limits/limiter.service.js';
import { withinOrganisation } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { AiCompletionService } from '../../platform/ai/ai-completion.service.js';
import { UsageService } from '../usage/usage.service.js';
import { isManager, type DrillActor } from './drill-actor.js';
import { DrillTemplateRow, templateColumns } from './entities/drill-template.entity.js';
import { composeTemplate } from './library/generator.js';
import { LIBRARY, libraryRecord, libraryTemplate } from './library/library.js';

type SaveInput = z.output<typeof saveTemplateSchema>;
type ListQuery = z.output<typeof templateListQuerySchema>;
type GenerateInput = z.output<typeof generateTemplateSchema>;

function contentOf(row: DrillTemplateRow): TemplateContent {
  // Templates saved before library texts existed have none.
  return {
    name: row.name,
    type: row.type,
    scenario: row.scenario,
    description: row.description,
    ...row.body,
    libraryTexts: (row.body as Partial<typeof row.body>).libraryTexts ?? {},
  };
}

function summaryOf(
  id: string,
  source: DrillTemplate['source'],
  status: DrillTemplate['status'],
  c: TemplateContent,
  updatedAt: string,
): DrillTemplateSummary {
  return {
    id,
    source,
    status,
    name: c.name,
    type: c.type,
    scenario: c.scenario,
    regulations: c.regulations,
    estimatedMinutes: c.estimatedMinutes,
    stepCount: c.steps.length,
    injectCount: c.injects.length,
    updatedAt,
    nameText: c.libraryTexts[LIBRARY_TEXT_PATHS.name] ?? null,
  };
}

/** Instructions for the OpenAI-compatible endpoint that tailors a composed template. */
const TAILOR_PROMPT = [
  'You tailor emergency drill templates for maritime and enterprise facilities.',
  'You receive a complete drill template as JSON and the facility it is for.',
  'Rewrite only the texts (name, description, objectives, step titles and instructions, checklist texts, inject titles and messages)',
  'so that they fit the facility. Keep every id, number, position, list length, type, scenario and regulation exactly as given.',
  'Answer with the JSON object only, no prose and no code fences.',
].join(' ');

/**
 * Drill templates: the organisation's own (ADMIN and MANAGER write them) and the built-in
 * library (read-only, duplicated to be changed). Quick generate composes from the library's
 * scenario kits, deterministically; with an OpenAI-compatible endpoint configured the texts may
 * be tailored by the model (metered as `ai_tokens`), falling back to the composed template.
 */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger('DrillTemplates');

  constructor(
    @InjectRepository(DrillTemplateRow) private readonly rows: Repository<DrillTemplateRow>,
    private readonly dataSource: DataSource,
    private readonly ai: AiCompletionService,
    private readonly usage: UsageService,
    /** Calls of the (paid, metered) model: per member and minute. */
    private readonly limiter: LimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private record(actor: DrillActor, row: DrillTemplateRow): DrillTemplate {
    return {
      ...contentOf(row),
      id: row.id,
      source: 'organization',
      status: row.status,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedByName ? { id: row.updatedByUserId, name: row.updatedByName } : null,
      editable: isManager(actor),
    };
  }

  private requireManager(actor: DrillActor): void {
    if (!isManager(actor)) throw new DomainError('FORBIDDEN', 'drillTemplate.managersOnly');
  }

  async list(actor: DrillActor, query: ListQuery): Promise<TemplateList> {
    const items: DrillTemplateSummary[] = [];
    if (query.source !== 'library') {
      const qb = this.rows.createQueryBuilder('t').where('t.org_id = :orgId', { orgId: actor.orgId });
      if (query.status) qb.andWhere('t.status = :status', { status: query.status });
      if (query.scenario) qb.andWhere('t.scenario = :scenario', { scenario: query.scenario });
      if (query.type) qb.andWhere('t.type = :type', { type: query.type });
      if (query.regulation) qb.andWhere(`t.body -> 'regulations' ? :regulation`, { regulation: query.regulation });
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        qb.andWhere(new Brackets((w) => w.where('t.name ILIKE :like', { like }).orWhere('t.description ILIKE :like', { like })));
      }
      const rows = await qb.orderBy('t.updated_at', 'DESC').getMany();
      items.push(...rows.map((r) => summaryOf(r.id, 'organization', r.status, contentOf(r), r.updatedAt.toISOString())));
    }
    if (query.source !== 'organization' && (!query.status || query.status === 'published')) {
      const q = query.q?.toLowerCase();
      for (const t of LIBRARY) {
        const c = t.content;
        if (query.scenario && c.scenario !== query.scenario) continue;
        if (query.type && c.type !== query.type) continue;
        if (query.regulation && !c.regulations.includes(query.regulation)) continue;
        if (q && !c.name.toLowerCase().includes(q) && !c.description.toLowerCase().includes(q)) continue;
        const record = libraryRecord(t);
        items.push(summaryOf(t.id, 'library', 'published', c, record.updatedAt));
      }
    }
    return { items };
  }

  async get(actor: DrillActor, id: string): Promise<DrillTemplate> {
    const library = libraryTemplate(id);
    if (library) return libraryRecord(library);
    return this.record(actor, await tenant(this.rows, actor).get(id, 'drillTemplate'));
  }

  /** A published template's content, for scheduling a run (organisation's or library's). */
  async runnable(actor: DrillActor, id: string): Promise<{ id: string; content: TemplateContent; published: boolean }> {
    const template = await this.get(actor, id);
    return { id: template.id, content: templateContentSchema.parse(template), published: template.status === 'published' };
  }

  async create(actor: DrillActor, input: SaveInput): Promise<DrillTemplate> {
    this.requireManager(actor);
    const { status, version: _v, ...content } = input;
    const row = tenant(this.rows, actor).create({
      status,
      ...templateColumns(content),
      version: 1,
      createdByUserId: actor.userId,
      updatedByUserId: actor.userId,
      updatedByName: actor.name,
    });
    return this.record(actor, await this.rows.save(row));
  }

  async update(actor: DrillActor, id: string, input: SaveInput): Promise<DrillTemplate> {
    if (libraryTemplate(id)) throw new DomainError('FORBIDDEN', 'drillTemplate.libraryReadOnly');
    this.requireManager(actor);
    if (!isUuid(id)) throw new NotFoundError('drillTemplate');
    const { status, version, ...content } = input;
    // The row is found by its organisation; its save runs as that organisation's.
    return withinOrganisation(actor.orgId, () =>
      this.dataSource.transaction(async (tx) => {
        const row = await tx.findOne(DrillTemplateRow, { where: { id, orgId: actor.orgId }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new NotFoundError('drillTemplate');
        if (version !== undefined && version !== row.version) throw new DomainError('VERSION_CONFLICT', 'drillTemplate.stale');
        Object.assign(row, {
          status,
          ...templateColumns(content),
          version: row.version + 1,
          updatedByUserId: actor.userId,
          updatedByName: actor.name,
        });
        return this.record(actor, await tx.save(row));
      }),
    );
  }

  async duplicate(actor: DrillActor, id: string): Promise<DrillTemplate> {
    const source = await this.get(actor, id);
    const content = templateContentSchema.parse(source);
    const name = `${content.name} (copy)`.slice(0, 120);
    // A copy of a library name reads "<its name> (copy)" in the reader's language too.
    const nameText = content.libraryTexts[LIBRARY_TEXT_PATHS.name];
    const libraryTexts = nameText
      ? { ...content.libraryTexts, [LIBRARY_TEXT_PATHS.name]: { key: 'copyOf', params: { name: nameText } } }
      : content.libraryTexts;
    return this.create(actor, { ...content, name, libraryTexts, status: 'draft' });
  }

  async remove(actor: DrillActor, id: string): Promise<void> {
    if (libraryTemplate(id)) throw new DomainError('FORBIDDEN', 'drillTemplate.libraryReadOnly');
    this.requireManager(actor);
    const row = await tenant(this.rows, actor).get(id, 'drillTemplate');
    await this.rows.delete({ id: row.id, orgId: actor.orgId });
  }

  async generate(actor: DrillActor, input: GenerateInput): Promise<GeneratedTemplate> {
    const composed = composeTemplate(input);
    if (!this.ai.configured || !(await this.mayCallModel(actor))) return { template: composed, generatedBy: 'library' };
    const reply = await this.ai.complete([
      { role: 'system', content: TAILOR_PROMPT },
      {
        role: 'user',
        content: JSON.stringify({
          facilityType: input.facilityType,
          teamSize: input.teamSize,
          template: { ...composed, libraryTexts: undefined },
        }),
      },
    ]);
    if (!reply) return { template: composed, generatedBy: 'library' };
    if (reply.tokens > 0) await this.usage.record(actor.orgId, 'ai_tokens', reply.tokens);
    const tailored = keepStructure(composed, reply.content);
    if (!tailored) {
      this.logger.warn('The model answered a template that does not keep the composed structure; the composed template is used');
      return { template: composed, generatedBy: 'library' };
    }
    return { template: tailored, generatedBy: 'model' };
  }

  /** Whether the member's generations of this minute may still call the model (beyond: the composed template). */
  private mayCallModel(actor: DrillActor): Promise<boolean> {
    return this.limiter
      .limit('drill-generate', { points: this.config.DRILL_GENERATIONS_PER_MINUTE, durationSeconds: 60 })
      .tryConsume(actor.userId);
  }
}

/**
 * The model's texts over the composed template's structure: every id, number, position and list
 * length must be the same (the model may only reword), and the result must be complete.
 */
export function keepStructure(composed: TemplateContent, answer: string): TemplateContent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return null;
  }
  const result = completeTemplateSchema.safeParse(parsed);
  if (!result.success) return null;
  const t = result.data;
  const shape = (c: TemplateContent) =>
    JSON.stringify({
      type: c.type,
      scenario: c.scenario,
      regulations: c.regulations,
      estimatedMinutes: c.estimatedMinutes,
      musterTargetMinutes: c.musterTargetMinutes,
      objectives: c.objectives.length,
      positions: c.positions.map((p) => p.id),
      steps: c.steps.map((s) => [s.id, s.positionId, s.expectedMinutes, s.checklist.map((i) => i.id)]),
      injects: c.injects.map((i) => [i.id, i.atMinute, i.positionId]),
    });
  // The texts the model kept word for word are still the library's (translated); reworded ones are its own.
  return shape(t) === shape(composed) ? { ...t, libraryTexts: composed.libraryTexts } : null;
}
