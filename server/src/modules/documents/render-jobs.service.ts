import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { api, buildPath, JobName, jobIds, rooms, type Principal, type RenderStage, type RenderView } from '@muster/contracts';
import type { Repository } from 'typeorm';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { QueueService } from '../../platform/queues/queue.service.js';
import { RealtimeService } from '../../platform/realtime/realtime.service.js';
import { RenderRow, type RenderParams } from './entities/render.entity.js';

/** The request of a render whose kind another module owns (it registers a RenderMaker for it). */
export interface OwnedRenderInput {
  kind: 'evidence-snapshot';
  [key: string]: unknown;
}

/** A made file: its bytes, type and name. */
export interface Made {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** What a render made: a file kept for its requester, or a record the owning module keeps itself. */
export type RenderResult = Made | { recordId: string };

/** Moves a render on: the stage it reached and its percent, told to the requester. */
export type RenderProgress = (stage: RenderStage, percent: number) => Promise<void>;

/**
 * A render kind that a module depending on the engine owns (the engine does not import it): the
 * module registers it when it starts, in the api (to check requests) and the worker (to make them).
 */
export interface RenderMaker {
  /** Refuses at once, as the requester, what they may not have made (the render is not recorded). */
  check(principal: Principal, request: OwnedRenderInput): Promise<void>;
  /** Makes it as the requester was when they asked; a DomainError fails the render with its reason. */
  make(request: OwnedRenderInput, requester: RenderParams['requester'], progress: RenderProgress): Promise<RenderResult>;
}

/** A render as its requester reads it. */
export function viewOf(row: RenderRow, now = new Date()): RenderView {
  const downloadable = row.status === 'done' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    reason: row.reason,
    downloadUrl: downloadable ? buildPath(api.documents.download.path, { id: row.id }) : null,
    recordId: row.recordId,
  };
}

/**
 * The render queue's bookkeeping, which every module that makes long outputs shares: a render is
 * recorded as its requester and queued, moved from stage to stage with the requester told each
 * time, and made by the maker of its kind. Render kinds of modules that the documents engine does
 * not import (evidence snapshots) are registered here by their module; the engine itself
 * (RendersService) makes the others.
 */
@Injectable()
export class RenderJobsService {
  /** The render kinds other modules own, by kind. */
  private readonly makers = new Map<OwnedRenderInput['kind'], RenderMaker>();

  constructor(
    @InjectRepository(RenderRow) private readonly renders: Repository<RenderRow>,
    private readonly queues: QueueService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Registers the maker of a render kind another module owns (once per kind). */
  register(kind: OwnedRenderInput['kind'], maker: RenderMaker): void {
    if (this.makers.has(kind)) throw new Error(`The render kind ${kind} is registered twice`);
    this.makers.set(kind, maker);
  }

  /** The maker a module registered for its kind. */
  maker(kind: OwnedRenderInput['kind']): RenderMaker {
    const maker = this.makers.get(kind);
    if (!maker) throw new Error(`No module registered the render kind ${kind}`);
    return maker;
  }

  /** Starts a render of a kind a module owns: checked by its maker as the requester, then recorded and queued. */
  async startOwned(principal: Principal, client: ClientContext, input: OwnedRenderInput): Promise<RenderView> {
    if (!principal.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    await this.maker(input.kind).check(principal, input);
    return this.record(principal, client, input);
  }

  /** Records a checked render as its requester is now (the worker acts as them) and queues it. */
  async record(principal: Principal, client: ClientContext, input: { kind: RenderRow['kind'] }): Promise<RenderView> {
    if (!principal.userId) throw new DomainError('FORBIDDEN', 'auth.forbidden');
    const requester: RenderParams['requester'] = {
      userId: principal.userId,
      orgId: principal.orgId,
      role: principal.role,
      name: principal.name,
      email: principal.email,
      ip: client.ip,
      userAgent: client.userAgent,
      timeZone: principal.timeZone,
    };
    const params: RenderParams = { request: { ...input }, requester };
    const row = await this.renders.save(
      this.renders.create({ orgId: requester.orgId, requestedBy: requester.userId, kind: input.kind, params }),
    );
    await this.queues.enqueue(JobName.RenderDocument, { renderId: row.id }, { jobId: jobIds.renderDocument(row.id) });
    return viewOf(row);
  }

  /** Records where the render is and tells its requester. */
  async move(row: RenderRow, status: RenderRow['status'], stage: RenderStage, percent: number): Promise<void> {
    Object.assign(row, { status, stage, percent });
    await this.renders.save(row);
    this.realtime.emitTo(rooms.user(row.requestedBy), 'documents:render', viewOf(row));
  }
}
