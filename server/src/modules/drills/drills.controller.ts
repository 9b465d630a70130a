import { Controller, Param, Res } from '@nestjs/common';
import {
  api,
  type Addendum,
  type ConsoleState,
  type CorrectiveAction,
  type DrillMember,
  type DrillRun,
  type DrillSummary,
  type DrillTemplate,
  type GeneratedTemplate,
  type LanguageCode,
  type RunList,
  type TemplateList,
} from '@muster/contracts';
import type { FastifyReply } from 'fastify';
import { Client, MemberAuth, type ClientContext } from '../../platform/auth/auth.decorators.js';
import type { DrillActor } from './drill-actor.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import { RunsService } from './runs.service.js';
import { SummaryService } from './summary/summary.service.js';
import { TemplatesService } from './templates.service.js';

@Controller()
export class DrillTemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Endpoint(api.drillTemplates.list)
  async list(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidQuery() query: Parameters<TemplatesService['list']>[1],
  ): Promise<TemplateList> {
    return this.templates.list(actor, query);
  }

  @Endpoint(api.drillTemplates.generate)
  async generate(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidBody() body: Parameters<TemplatesService['generate']>[1],
  ): Promise<GeneratedTemplate> {
    return this.templates.generate(actor, body);
  }

  @Endpoint(api.drillTemplates.get)
  async get(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<DrillTemplate> {
    return this.templates.get(actor, id);
  }

  @Endpoint(api.drillTemplates.create)
  async create(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidBody() body: Parameters<TemplatesService['create']>[1],
  ): Promise<DrillTemplate> {
    return this.templates.create(actor, body);
  }

  @Endpoint(api.drillTemplates.update)
  async update(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TemplatesService['update']>[2],
  ): Promise<DrillTemplate> {
    return this.templates.update(actor, id, body);
  }

  @Endpoint(api.drillTemplates.duplicate)
  async duplicate(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<DrillTemplate> {
    return this.templates.duplicate(actor, id);
  }

  @Endpoint(api.drillTemplates.remove)
  async remove(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<void> {
    await this.templates.remove(actor, id);
  }
}

@Controller()
export class DrillRunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly summaries: SummaryService,
  ) {}

  @Endpoint(api.drillRuns.members)
  async listMembers(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor): Promise<{ items: DrillMember[] }> {
    return { items: await this.runs.listMembers(actor) };
  }

  @Endpoint(api.drillRuns.list)
  async list(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidQuery() query: Parameters<RunsService['list']>[1],
  ): Promise<RunList> {
    return this.runs.list(actor, query);
  }

  @Endpoint(api.drillRuns.schedule)
  async schedule(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @ValidBody() body: Parameters<RunsService['schedule']>[1],
  ): Promise<DrillRun> {
    return this.runs.schedule(actor, body);
  }

  @Endpoint(api.drillRuns.get)
  async get(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<DrillRun> {
    return this.runs.get(actor, id);
  }

  @Endpoint(api.drillRuns.console)
  async console(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<ConsoleState> {
    return this.runs.consoleState(actor, id);
  }

  @Endpoint(api.drillRuns.update)
  async update(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Param('id') id: string,
    @ValidBody() body: Parameters<RunsService['update']>[2],
  ): Promise<DrillRun> {
    return this.runs.update(actor, id, body);
  }

  @Endpoint(api.drillRuns.cancel)
  async cancel(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<DrillRun> {
    return this.runs.cancel(actor, id);
  }

  @Endpoint(api.drillRuns.summary)
  async summary(@MemberAuth('drillTemplate.noOrganization') actor: DrillActor, @Param('id') id: string): Promise<DrillSummary> {
    return this.summaries.summary(actor, id);
  }

  @Endpoint(api.drillRuns.exportSummary)
  async export(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidQuery() query: { format: 'pdf' | 'csv'; language: LanguageCode },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const summary = await this.summaries.summary(actor, id);
    const file = await this.summaries.file(actor, summary, query.format, query.language);
    await this.summaries.audited(actor, summary.run.id, query.format, client);
    sendDownload(reply, file.contentType, file.fileName, file.body);
  }

  @Endpoint(api.drillRuns.addAction)
  async addAction(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SummaryService['addAction']>[2],
  ): Promise<CorrectiveAction> {
    return this.summaries.addAction(actor, id, body);
  }

  @Endpoint(api.drillRuns.updateAction)
  async updateAction(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Param('id') id: string,
    @Param('actionId') actionId: string,
    @ValidBody() body: Parameters<SummaryService['updateAction']>[3],
  ): Promise<CorrectiveAction> {
    return this.summaries.updateAction(actor, id, actionId, body);
  }

  @Endpoint(api.drillRuns.approve)
  async approve(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Client() client: ClientContext,
    @Param('id') id: string,
  ): Promise<DrillRun> {
    return this.summaries.approve(actor, id, client);
  }

  @Endpoint(api.drillRuns.addAddendum)
  async addAddendum(
    @MemberAuth('drillTemplate.noOrganization') actor: DrillActor,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SummaryService['addAddendum']>[2],
  ): Promise<Addendum> {
    return this.summaries.addAddendum(actor, id, body);
  }
}
