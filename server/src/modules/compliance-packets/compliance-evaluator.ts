import { Injectable } from '@nestjs/common';
import type { OrgPrincipal } from '@muster/contracts';
import { ComplianceProfilesService } from '../compliance/compliance-profiles.service.js';
import { ComplianceDocumentsService } from '../compliance-documents/compliance-documents.service.js';
import { SopsService } from '../sops/sops.service.js';
import { PacketEvaluator, type PacketActor, type PacketEvaluation } from './packet-evaluator.js';

/**
 * The packets' evaluator: the compliance profiles module's `evaluate` for the period, the SOPs in
 * force and the library's documents linked to the profile's rules, as the requester.
 */
@Injectable()
export class ComplianceEvaluator extends PacketEvaluator {
  constructor(
    private readonly profiles: ComplianceProfilesService,
    private readonly library: ComplianceDocumentsService,
    private readonly sops: SopsService,
  ) {
    super();
  }

  async evaluate(actor: PacketActor, profileId: string, period: { from: string; to: string }): Promise<PacketEvaluation> {
    // The requester as a principal of their organisation (a render acts for them after the request).
    const principal: OrgPrincipal = {
      sessionId: '',
      kind: 'user',
      principalId: actor.userId,
      userId: actor.userId,
      inviteId: null,
      orgId: actor.orgId,
      orgName: '',
      role: actor.role,
      name: actor.name,
      email: actor.email ?? '',
      language: 'en',
      timeZone: actor.timeZone,
    };
    const evaluation = await this.profiles.evaluate(principal, profileId, { period });
    const [sops, documents] = await Promise.all([
      this.sops.listEffective(principal),
      this.library.listCurrent(
        principal,
        evaluation.rules.map((r) => r.ruleId),
      ),
    ]);
    return {
      profile: { id: evaluation.profileId, name: evaluation.profileName },
      rules: evaluation.rules.map((r) => ({
        ruleId: r.ruleId,
        title: r.title,
        source: r.source,
        state: r.state,
        reason: r.reason,
        lastSatisfiedAt: r.lastSatisfiedAt,
        nextDueAt: r.nextDueAt,
        runIds: r.satisfyingRuns.map((s) => s.runId),
      })),
      documents: [
        ...sops.map((d) => ({
          kind: 'sop' as const,
          title: d.title,
          version: String(d.version),
          effectiveDate: d.effectiveDate,
          sha256: d.sha256,
        })),
        ...documents.map((d) => ({
          kind: 'document' as const,
          title: d.title,
          version: String(d.version),
          effectiveDate: d.effectiveDate,
          sha256: d.sha256,
        })),
      ],
    };
  }
}
