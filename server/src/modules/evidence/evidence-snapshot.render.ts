import { Injectable, type OnModuleInit } from '@nestjs/common';
import { createEvidenceLinkSchema, DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE, isLanguageCode, type Role } from '@muster/contracts';
import type { z } from 'zod';
import { asMember } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { RenderParams } from '../documents/entities/render.entity.js';
import { RenderJobsService, type OwnedRenderInput } from '../documents/render-jobs.service.js';
import { EvidenceService, type EvidenceWriter } from './evidence.service.js';

type LinkBody = z.output<typeof createEvidenceLinkSchema>;

/** The request of an `evidence-snapshot` render: the checked body of `POST /api/evidence/links` and the requester's language. */
export interface EvidenceSnapshotRequest extends OwnedRenderInput {
  kind: 'evidence-snapshot';
  link: LinkBody;
  language: string;
}

/**
 * Snapshots of Muster objects are made on the render queue (a drill run's report or an SOP
 * version is a PDF rendered then, seconds of work that no api request waits for): the request is
 * checked at once, the worker makes the snapshot as the requester was when they asked, adds the
 * record, and the render names it.
 */
@Injectable()
export class EvidenceSnapshotRender implements OnModuleInit {
  constructor(
    private readonly renders: RenderJobsService,
    private readonly evidence: EvidenceService,
  ) {}

  onModuleInit(): void {
    this.renders.register('evidence-snapshot', {
      check: (principal, request) =>
        this.evidence.checkLink(asMember(principal, 'evidence.noOrganization'), (request as EvidenceSnapshotRequest).link),
      make: async (request, requester, progress) => {
        const { link, language } = request as EvidenceSnapshotRequest;
        const detail = await this.evidence.link(writerOf(requester, language), link, requester, progress);
        return { recordId: detail.id };
      },
    });
  }
}

/** The requester of a snapshot render as the member who adds the record. */
function writerOf(requester: RenderParams['requester'], language: string): EvidenceWriter {
  if (!requester.orgId) throw new DomainError('FORBIDDEN', 'evidence.noOrganization');
  return {
    orgId: requester.orgId,
    userId: requester.userId,
    role: requester.role as Role,
    name: requester.name,
    email: requester.email ?? '',
    timeZone: requester.timeZone ?? DEFAULT_TIME_ZONE,
    language: isLanguageCode(language) ? language : DEFAULT_LANGUAGE,
  };
}
