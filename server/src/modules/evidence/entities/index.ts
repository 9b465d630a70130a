import { EvidenceHoldRow } from './evidence-hold.entity.js';
import { EvidenceRecordRow } from './evidence-record.entity.js';
import { EvidenceRequestRow } from './evidence-request.entity.js';
import { EvidenceReviewRow } from './evidence-review.entity.js';
import { EvidenceSampleRow } from './evidence-sample.entity.js';

export { EvidenceHoldRow, EvidenceRecordRow, EvidenceRequestRow, EvidenceReviewRow, EvidenceSampleRow };

export const EVIDENCE_ENTITIES = [EvidenceRecordRow, EvidenceHoldRow, EvidenceReviewRow, EvidenceRequestRow, EvidenceSampleRow];
