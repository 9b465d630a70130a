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
import { Auth, Client, type AuthContext, type ClientContext } from '../../platform/auth/auth.decorators.js';
import { Endpoint, ValidBody, ValidQuery } from '../../platform/http/endpoint.decorator.js';
import { sendDownload } from '../../platform/http/download.js';
import { DrillMembersService } from './drill-members.service.js';
import { RunsService } from './runs.service.js';
import { SummaryService } from './summary/summary.service.js';
import { TemplatesService } from './templates.service.js';

@Controller()
export class DrillTemplatesController {
  constructor(
    private readonly members: DrillMembersService,
    private readonly templates: TemplatesService,
  ) {}

  @Endpoint(api.drillTemplates.list)
  async list(@Auth() auth: AuthContext, @ValidQuery() query: Parameters<TemplatesService['list']>[1]): Promise<TemplateList> {
    return this.templates.list(await this.members.actor(auth), query);
  }

  @Endpoint(api.drillTemplates.generate)
  async generate(@Auth() auth: AuthContext, @ValidBody() body: Parameters<TemplatesService['generate']>[1]): Promise<GeneratedTemplate> {
    return this.templates.generate(await this.members.actor(auth), body);
  }

  @Endpoint(api.drillTemplates.get)
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DrillTemplate> {
    return this.templates.get(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillTemplates.create)
  async create(@Auth() auth: AuthContext, @ValidBody() body: Parameters<TemplatesService['create']>[1]): Promise<DrillTemplate> {
    return this.templates.create(await this.members.actor(auth), body);
  }

  @Endpoint(api.drillTemplates.update)
  async update(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<TemplatesService['update']>[2],
  ): Promise<DrillTemplate> {
    return this.templates.update(await this.members.actor(auth), id, body);
  }

  @Endpoint(api.drillTemplates.duplicate)
  async duplicate(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DrillTemplate> {
    return this.templates.duplicate(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillTemplates.remove)
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.templates.remove(await this.members.actor(auth), id);
  }
}

@Controller()
export class DrillRunsController {
  constructor(
    private readonly members: DrillMembersService,
    private readonly runs: RunsService,
    private readonly summaries: SummaryService,
  ) {}

  @Endpoint(api.drillRuns.members)
  async listMembers(@Auth() auth: AuthContext): Promise<{ items: DrillMember[] }> {
    return { items: await this.runs.listMembers(await this.members.actor(auth)) };
  }

  @Endpoint(api.drillRuns.list)
  async list(@Auth() auth: AuthContext, @ValidQuery() query: Parameters<RunsService['list']>[1]): Promise<RunList> {
    return this.runs.list(await this.members.actor(auth), query);
  }

  @Endpoint(api.drillRuns.schedule)
  async schedule(@Auth() auth: AuthContext, @ValidBody() body: Parameters<RunsService['schedule']>[1]): Promise<DrillRun> {
    return this.runs.schedule(await this.members.actor(auth), body);
  }

  @Endpoint(api.drillRuns.get)
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DrillRun> {
    return this.runs.get(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillRuns.console)
  async console(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ConsoleState> {
    return this.runs.consoleState(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillRuns.update)
  async update(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<RunsService['update']>[2],
  ): Promise<DrillRun> {
    return this.runs.update(await this.members.actor(auth), id, body);
  }

  @Endpoint(api.drillRuns.cancel)
  async cancel(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DrillRun> {
    return this.runs.cancel(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillRuns.summary)
  async summary(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DrillSummary> {
    return this.summaries.summary(await this.members.actor(auth), id);
  }

  @Endpoint(api.drillRuns.exportSummary)
  async export(
    @Auth() auth: AuthContext,
    @Client() client: ClientContext,
    @Param('id') id: string,
    @ValidQuery() query: { format: 'pdf' | 'csv'; language: LanguageCode },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const actor = await this.members.actor(auth);
    const summary = await this.summaries.summary(actor, id);
    const file = await this.summaries.file(actor, summary, query.format, query.language);
    await this.summaries.audited(actor, summary.run.id, query.format, client);
    sendDownload(reply, file.contentType, file.fileName, file.body);
  }

  @Endpoint(api.drillRuns.addAction)
  async addAction(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SummaryService['addAction']>[2],
  ): Promise<CorrectiveAction> {
    return this.summaries.addAction(await this.members.actor(auth), id, body);
  }

  @Endpoint(api.drillRuns.updateAction)
  async updateAction(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Param('actionId') actionId: string,
    @ValidBody() body: Parameters<SummaryService['updateAction']>[3],
  ): Promise<CorrectiveAction> {
    return this.summaries.updateAction(await this.members.actor(auth), id, actionId, body);
  }

  @Endpoint(api.drillRuns.approve)
  async approve(@Auth() auth: AuthContext, @Client() client: ClientContext, @Param('id') id: string): Promise<DrillRun> {
    return this.summaries.approve(await this.members.actor(auth), id, client);
  }

  @Endpoint(api.drillRuns.addAddendum)
  async addAddendum(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @ValidBody() body: Parameters<SummaryService['addAddendum']>[2],
  ): Promise<Addendum> {
    return this.summaries.addAddendum(await this.members.actor(auth), id, body);
  }
}
