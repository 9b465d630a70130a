import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  hasRank,
  PLATFORM_ROLES,
  RENDER_KEEP_HOURS,
  type LanguageCode,
  type RenderStage,
  type RenderView,
  type Principal,
  type OrgPrincipal,
  type Role,
  type TimelineQuery,
  DEFAULT_TIME_ZONE,
} from '@muster/contracts';
import { IsNull, LessThan, Not, type Repository } from 'typeorm';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { AuditTrailService } from '../audit/audit-trail.service.js';
import { asMember, inOrg } from '../../platform/auth/principal.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { RunsService } from '../drills/runs.service.js';
import { SummaryService } from '../drills/summary/summary.service.js';
import { MapsService } from '../maps/maps.service.js';
import { PacketsService } from '../compliance-packets/packets.service.js';
import type { PacketActor } from '../compliance-packets/packet-evaluator.js';
import { sopFileName, sopPdf } from '../sops/sop-pdf.js';
import { DashboardsService } from '../dashboards/dashboards.service.js';
import { executiveFileName, executivePdf } from '../dashboards/executive-pdf.js';
import { SopsService } from '../sops/sops.service.js';
import { RenderRow, type RenderParams } from './entities/render.entity.js';
import { RenderJobsService, viewOf, type OwnedRenderInput, type RenderResult } from './render-jobs.service.js';

const HOUR_MS = 3_600_000;

/** A render's request once validated. */
export type RenderInput =
  | { kind: 'drill-summary-pdf'; runId: string; language: string }
  | { kind: 'security-timeline-csv'; filters: TimelineQuery }
  | { kind: 'map-posters-pdf'; mapId: string; version?: number; language: string }
  | { kind: 'compliance-packet'; profileId: string; from: string; to: string; language: string }
  | { kind: 'compliance-packet-copy'; packetId: string; language: string }
  | { kind: 'sop-pdf'; sopId: string; versionId: string; language: string }
  | { kind: 'executive-summary-pdf'; language: string }
  | OwnedRenderInput;

/**
 * The documents engine's renders: a request is checked as its requester (the run must be theirs
 * to read; the security timeline needs ADMIN), recorded and queued; a worker of the `render`
 * queue makes the file, telling the requester each stage; the file is kept in storage for
 * RENDER_KEEP_HOURS, for them only. A worker that dies mid-render leaves a stalled job that
 * another takes over: the render starts again and writes the same storage key.
 */
@Injectable()
export class RendersService {
  constructor(
    @InjectRepository(RenderRow) private readonly renders: Repository<RenderRow>,
    private readonly jobs: RenderJobsService,
    private readonly storage: StorageService,
    private readonly runs: RunsService,
    private readonly summaries: SummaryService,
    private readonly trail: AuditTrailService,
    private readonly maps: MapsService,
    private readonly packets: PacketsService,
    private readonly sops: SopsService,
    private readonly dashboards: DashboardsService,
  ) {}

  /** Starts a render for a signed-in member (guest auditors have a portal of their own). */
  async start(principal: Principal, client: ClientContext, input: RenderInput): Promise<RenderView> {
    if (!principal.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    await this.check(principal, input);
    return this.jobs.record(principal, client, input);
  }

  async get(userId: string, id: string): Promise<RenderView> {
    return viewOf(await this.own(userId, id));
  }

  /** The finished file of the requester's render, while it is kept. */
  async download(userId: string, id: string): Promise<{ stream: Readable; contentType: string; fileName: string }> {
    const row = await this.own(userId, id);
    if (row.status !== 'done' || !row.storageKey) throw new DomainError('CONFLICT', 'documents.notReady');
    if (!row.expiresAt || row.expiresAt <= new Date()) throw new DomainError('INVALID_RESET_LINK', 'documents.expired');
    const file = await this.storage.read(row.storageKey);
    return {
      stream: file.stream,
      contentType: row.contentType ?? file.contentType ?? 'application/octet-stream',
      fileName: row.fileName ?? 'muster-file',
    };
  }

  /** Makes the file of one render (the `render.document` job). A render already made is left as it is. */
  async run(renderId: string): Promise<void> {
    const row = await this.renders.findOne({ where: { id: renderId } });
    if (!row || row.status === 'done') return;
    try {
      await this.move(row, 'running', 'reading', 10);
      const made = await this.make(row);
      if ('recordId' in made) {
        // The owning module kept what it made: the render names it and has no file of its own.
        Object.assign(row, { recordId: made.recordId, finishedAt: new Date() });
        await this.move(row, 'done', 'done', 100);
        return;
      }
      await this.move(row, 'running', 'storing', 80);
      const storageKey = `renders/${row.id}`;
      await this.storage.put(storageKey, made.body, made.contentType);
      const finished = new Date();
      Object.assign(row, {
        storageKey,
        fileName: made.fileName,
        contentType: made.contentType,
        sizeBytes: made.body.length,
        finishedAt: finished,
        expiresAt: new Date(finished.getTime() + RENDER_KEEP_HOURS * HOUR_MS),
      });
      await this.move(row, 'done', 'done', 100);
    } catch (err) {
      if (err instanceof DomainError) {
        // A refusal (the run is gone, the role changed) will not change on a retry: it failed.
        row.reason = err.reason;
        await this.move(row, 'failed', 'failed', row.percent);
        return;
      }
      throw err;
    }
  }

  /** Removes the files of renders past their keeping time (their rows stay, without a download). */
  async sweep(now = new Date()): Promise<number> {
    const expired = await this.renders.find({ where: { expiresAt: LessThan(now), storageKey: Not(IsNull()) }, take: 500 });
    for (const row of expired) {
      await this.storage.remove(row.storageKey!);
      await this.renders.update({ id: row.id }, { storageKey: null });
    }
    return expired.length;
  }

  /** Marks a render failed once its job has used up its attempts. */
  async giveUp(renderId: string): Promise<void> {
    const row = await this.renders.findOne({ where: { id: renderId } });
    if (!row || row.status === 'done' || row.status === 'failed') return;
    row.reason = 'documents.failed';
    await this.move(row, 'failed', 'failed', row.percent);
  }

  private async make(row: RenderRow): Promise<RenderResult> {
    const { requester } = row.params;
    const request = row.params.request as RenderInput;
    switch (request.kind) {
      case 'evidence-snapshot':
        return this.jobs.maker(request.kind).make(request, requester, (stage, percent) => this.move(row, 'running', stage, percent));
      case 'drill-summary-pdf': {
        // The requester as their principal was when they asked (a render asked for before renders
        // kept the zone is dated in UTC).
        const actor = {
          userId: requester.userId,
          orgId: requester.orgId!,
          role: requester.role as Role,
          name: requester.name,
          timeZone: requester.timeZone ?? DEFAULT_TIME_ZONE,
        };
        const summary = await this.summaries.summary(actor, request.runId);
        await this.move(row, 'running', 'rendering', 40);
        const file = await this.summaries.file(actor, summary, 'pdf', request.language as LanguageCode);
        await this.summaries.audited(actor, summary.run.id, 'pdf', requester);
        return { body: file.body as Buffer, contentType: file.contentType, fileName: file.fileName };
      }
      case 'map-posters-pdf': {
        const principal = mapReader(requester);
        await this.move(row, 'running', 'rendering', 40);
        const file = await this.maps.posters(principal, request.mapId, request.version, request.language as LanguageCode);
        return { body: file.body, contentType: 'application/pdf', fileName: file.fileName };
      }
      case 'compliance-packet': {
        const file = await this.packets.issue(
          packetActorOf(requester),
          { profileId: request.profileId, from: request.from, to: request.to },
          request.language as LanguageCode,
          requester,
          (stage, percent) => this.move(row, 'running', stage, percent),
        );
        return { body: file.body, contentType: 'application/pdf', fileName: file.fileName };
      }
      case 'compliance-packet-copy': {
        await this.move(row, 'running', 'rendering', 40);
        const file = await this.packets.download(packetActorOf(requester), request.packetId, request.language as LanguageCode, requester);
        return { body: file.body, contentType: 'application/pdf', fileName: file.fileName };
      }
      case 'sop-pdf': {
        const version = await this.sops.versionForExport(requester.orgId!, request.sopId, request.versionId);
        await this.move(row, 'running', 'rendering', 40);
        const body = await sopPdf(version, request.language as LanguageCode, requester.timeZone ?? DEFAULT_TIME_ZONE);
        return { body, contentType: 'application/pdf', fileName: sopFileName(version) };
      }
      case 'executive-summary-pdf': {
        const principal = mapReader(requester);
        const summary = await this.dashboards.executive(principal);
        await this.move(row, 'running', 'rendering', 40);
        const body = await executivePdf(summary, request.language as LanguageCode);
        await this.dashboards.auditedExport(
          {
            userId: requester.userId,
            role: requester.role,
            orgId: requester.orgId,
            email: requester.email,
            ip: requester.ip,
            userAgent: requester.userAgent,
          },
          principal.orgId,
          request.language,
        );
        return { body, contentType: 'application/pdf', fileName: executiveFileName(summary) };
      }
      case 'security-timeline-csv': {
        const orgId = timelineOrg(requester, request.filters.orgId);
        await this.move(row, 'running', 'rendering', 40);
        const csv = await this.trail.exportTimeline(
          {
            userId: requester.userId,
            role: requester.role,
            orgId: requester.orgId,
            email: requester.email,
            ip: requester.ip,
            userAgent: requester.userAgent,
          },
          { kind: 'org', orgId },
          request.filters,
          orgId,
        );
        return {
          body: Buffer.from(csv, 'utf8'),
          contentType: 'text/csv; charset=utf-8',
          fileName: `muster-security-timeline-${new Date().toISOString().slice(0, 10)}.csv`,
        };
      }
    }
  }

  /** Refuses what the requester may not have made, as the synchronous export would. */
  private async check(principal: Principal, input: RenderInput): Promise<void> {
    if (input.kind === 'evidence-snapshot') {
      await this.jobs.maker(input.kind).check(principal, input);
      return;
    }
    if (input.kind === 'drill-summary-pdf') {
      await this.runs.get(asMember(principal, 'drillTemplate.noOrganization'), input.runId);
      return;
    }
    if (input.kind === 'map-posters-pdf') {
      await this.maps.get(inOrg(principal, 'maps.noOrganization'), input.mapId, input.version);
      return;
    }
    if (input.kind === 'compliance-packet') {
      const member = asMember(principal, 'packets.noOrganization');
      await this.packets.checkIssue({ ...member, timeZone: member.timeZone }, input);
      return;
    }
    if (input.kind === 'compliance-packet-copy') {
      await this.packets.checkDownload(asMember(principal, 'packets.noOrganization'), input.packetId);
      return;
    }
    if (input.kind === 'sop-pdf') {
      await this.sops.version(asMember(principal, 'sops.noOrganization'), input.sopId, input.versionId);
      return;
    }
    if (input.kind === 'executive-summary-pdf') {
      inOrg(principal);
      if (!hasRank(principal.role, 'ADMIN')) throw new DomainError('FORBIDDEN', 'auth.forbidden');
      return;
    }
    if (!hasRank(principal.role, 'ADMIN')) throw new DomainError('FORBIDDEN', 'auth.forbidden');
  }

  private async own(userId: string, id: string): Promise<RenderRow> {
    const row = isUuid(id) ? await this.renders.findOne({ where: { id, requestedBy: userId } }) : null;
    if (!row) throw new NotFoundError('render');
    return row;
  }

  /** Records where the render is and tells its requester. */
  private move(row: RenderRow, status: RenderRow['status'], stage: RenderStage, percent: number): Promise<void> {
    return this.jobs.move(row, status, stage, percent);
  }
}

/** The requester of a packet render as the packets see them. */
function packetActorOf(requester: RenderParams['requester']): PacketActor {
  return {
    userId: requester.userId,
    orgId: requester.orgId!,
    role: requester.role as Role,
    name: requester.name,
    email: requester.email,
    timeZone: requester.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The organisation a security timeline render reads: the requester's own, or the one platform staff named. */
function timelineOrg(requester: RenderParams['requester'], named: string | undefined): string | null {
  if (requester.orgId) return requester.orgId;
  return (PLATFORM_ROLES as readonly string[]).includes(requester.role) ? (named?.toLowerCase() ?? null) : null;
}

/** The requester of a map posters render as the organisation member they were when they asked. */
function mapReader(requester: RenderParams['requester']): OrgPrincipal {
  if (!requester.orgId) throw new DomainError('FORBIDDEN', 'maps.noOrganization');
  return {
    sessionId: '',
    kind: 'user',
    principalId: requester.userId,
    userId: requester.userId,
    inviteId: null,
    orgId: requester.orgId,
    orgName: '',
    role: requester.role as Role,
    name: requester.name,
    email: requester.email ?? '',
    language: 'en',
    timeZone: requester.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
