import type { EvidenceRecord } from '@muster/contracts';
import type { EvidenceHoldRow } from '../evidence/entities/evidence-hold.entity.js';
import type { EvidenceRecordRow } from '../evidence/entities/evidence-record.entity.js';
import type { EvidenceReviewRow } from '../evidence/entities/evidence-review.entity.js';

/** A record as the API shows it, with its active hold and (for an auditor) their review. */
export function evidenceRecordView(
  row: EvidenceRecordRow,
  hold: EvidenceHoldRow | null = null,
  review?: EvidenceReviewRow | null,
): EvidenceRecord {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    ruleIds: row.ruleIds,
    from: row.periodFrom,
    to: row.periodTo,
    facility: row.facility,
    source: row.sourceType ? { type: row.sourceType, id: row.sourceId, label: row.sourceLabel ?? '' } : null,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    addedBy: { id: row.addedByUserId, name: row.addedByName },
    createdAt: row.createdAt.toISOString(),
    retainUntil: row.retainUntil.toISOString(),
    hold: hold
      ? {
          id: hold.id,
          reason: hold.reason,
          placedAt: hold.createdAt.toISOString(),
          placedBy: { id: hold.placedByUserId, name: hold.placedByName },
          releasedAt: hold.releasedAt?.toISOString() ?? null,
          releasedBy: hold.releasedAt ? { id: hold.releasedByUserId, name: hold.releasedByName ?? '' } : null,
        }
      : null,
    review:
      review === undefined
        ? null
        : review
          ? { state: review.state, comment: review.comment, at: review.updatedAt.toISOString() }
          : { state: 'pending', comment: null, at: null },
  };
}
