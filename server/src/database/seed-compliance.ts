import { createHash, randomUUID } from 'node:crypto';
import type { DocumentKind, ReviewKind } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { parseConfig } from '../config/config.js';
import { createPdf } from '../platform/documents/pdf-text.js';
import { createDriver } from '../platform/storage/storage.service.js';
import { ComplianceDocumentVersionRow } from '../modules/compliance-documents/entities/compliance-document-version.entity.js';
import { ComplianceDocumentRow } from '../modules/compliance-documents/entities/compliance-document.entity.js';
import { ComplianceProfileRow } from '../modules/compliance/entities/compliance-profile.entity.js';
import { CustomRuleRow } from '../modules/compliance/entities/custom-rule.entity.js';

interface Person {
  id: string;
  name: string;
}

const DAY = 86_400_000;
const day = (offsetDays: number): string => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** A small generated PDF: a title, a reference line and a few paragraphs. */
async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = createPdf({ language: 'en', title });
  pdf.heading(title);
  for (const line of lines) pdf.paragraph(line).space(6);
  return pdf.finish();
}

interface SeedDocument {
  title: string;
  kind: DocumentKind;
  tags: string[];
  ruleIds: string[];
  reviewKind: ReviewKind;
  reviewInDays: number | null;
  /** Oldest first: effective day offset, note, body lines. */
  versions: { effectiveInDays: number; note: string | null; lines: string[] }[];
}

const DOCUMENTS: readonly SeedDocument[] = [
  {
    title: 'Port Facility Security Plan — Terminal 2',
    kind: 'plan',
    tags: ['isps', 'security'],
    ruleIds: ['isps_b18_5', 'isps_b18_6'],
    reviewKind: 'review',
    reviewInDays: 120,
    versions: [
      {
        effectiveInDays: -400,
        note: 'Approved by the Designated Authority',
        lines: [
          'Harbor Point Logistics — Terminal 2',
          'Revision 3',
          'Security levels 1 to 3, restricted areas, access control, drills and exercises.',
        ],
      },
      {
        effectiveInDays: -60,
        note: 'Revision 4: new access gate on the north quay',
        lines: ['Harbor Point Logistics — Terminal 2', 'Revision 4', 'Adds the north quay access gate and its patrol rounds.'],
      },
    ],
  },
  {
    title: 'Statement of Compliance of a Port Facility',
    kind: 'certificate',
    tags: ['isps', 'certificate'],
    ruleIds: ['isps_b18_6'],
    reviewKind: 'expiry',
    reviewInDays: 20,
    versions: [
      {
        effectiveInDays: -1800,
        note: null,
        lines: [
          'Statement of Compliance of a Port Facility (ISPS Code, part A, section 16)',
          'Valid for five years, subject to annual verification.',
        ],
      },
    ],
  },
  {
    title: 'Annual security inspection report 2026',
    kind: 'inspection_report',
    tags: ['inspection', 'records'],
    ruleIds: ['cfr33_105_225'],
    reviewKind: 'review',
    reviewInDays: null,
    versions: [
      {
        effectiveInDays: -30,
        note: null,
        lines: [
          'Annual inspection of Terminal 2',
          'Findings: 2 observations, no non-conformity.',
          'Drill and exercise records checked for the last 24 months.',
        ],
      },
    ],
  },
];

/**
 * The demo organisation's compliance: a custom rule (an oil-spill drill every 6 months), an ISPS
 * profile for Terminal 2 in which B/18.6 passes (the approved cyber tabletop exercise of the drills
 * seed) and B/18.5 fails (no approved security drill in the last 90 days: the last is that
 * exercise, months ago) — approving a security drill makes it pass; a second profile over the
 * terminal's operations (SOLAS, ISO 22301, 33 CFR 105.225 and the custom rule); and three library
 * documents (small generated PDFs, one with two versions, a certificate expiring in 20 days), stored
 * and counted against storage like uploads.
 */
export async function seedCompliance(tx: EntityManager, orgId: string, people: { admin: Person; manager: Person }): Promise<void> {
  await tx.save(
    tx.create(CustomRuleRow, {
      orgId,
      key: 'oil-spill-semiannual',
      title: 'Oil spill response drill every 6 months (SOPEP)',
      source: 'Harbor Point HSE standard 4.2',
      scenarios: ['oil_spill'],
      types: ['drill', 'tabletop', 'functional', 'full_scale'],
      eachScenario: false,
      every: 6,
      unit: 'months',
      calendarYear: false,
      dueSoonDays: 30,
    }),
  );
  await tx.save([
    tx.create(ComplianceProfileRow, {
      orgId,
      name: 'ISPS — Terminal 2',
      scopeKind: 'facility',
      facilityName: 'Terminal 2, Harbor Point',
      ruleIds: ['isps_b18_5', 'isps_b18_6'],
      crewSize: null,
      crewChanges: [],
    }),
    tx.create(ComplianceProfileRow, {
      orgId,
      name: 'Terminal operations',
      scopeKind: 'organization',
      facilityName: null,
      ruleIds: ['solas_iii_19_3', 'iso_22301_8_5', 'cfr33_105_225', 'custom:oil-spill-semiannual'],
      crewSize: null,
      crewChanges: [],
    }),
  ]);

  const storage = await createDriver(parseConfig());
  let bytes = 0;
  for (const doc of DOCUMENTS) {
    const documentId = randomUUID();
    const owner = doc.kind === 'certificate' ? people.admin : people.manager;
    await tx.save(
      tx.create(ComplianceDocumentRow, {
        id: documentId,
        orgId,
        title: doc.title,
        kind: doc.kind,
        ownerUserId: owner.id,
        ownerName: owner.name,
        tags: doc.tags,
        ruleIds: doc.ruleIds,
        reviewKind: doc.reviewKind,
        reviewDate: doc.reviewInDays === null ? null : day(doc.reviewInDays),
        currentVersion: doc.versions.length,
      }),
    );
    for (const [index, version] of doc.versions.entries()) {
      const body = await demoPdf(doc.title, version.lines);
      const versionId = randomUUID();
      const storageKey = `compliance-documents/${orgId}/${documentId}/${versionId}`;
      await storage.put(storageKey, body, 'application/pdf');
      bytes += body.length;
      await tx.save(
        tx.create(ComplianceDocumentVersionRow, {
          id: versionId,
          orgId,
          documentId,
          version: index + 1,
          filename: `${doc.title
            .replace(/[^A-Za-z0-9 ]+/g, '')
            .replace(/ +/g, '-')
            .toLowerCase()}-v${String(index + 1)}.pdf`,
          contentType: 'application/pdf',
          size: body.length,
          sha256: createHash('sha256').update(body).digest('hex'),
          storageKey,
          effectiveDate: day(version.effectiveInDays),
          note: version.note,
          uploadedByUserId: owner.id,
          uploadedByName: owner.name,
          createdAt: new Date(Date.now() + Math.min(0, version.effectiveInDays + 2) * DAY),
        }),
      );
    }
  }
  // Storage is a level: this month starts where the latest earlier month ended (as UsageService.record).
  await tx.query(
    `INSERT INTO usage_records (org_id, resource_type, period, amount)
     SELECT $1::uuid, 'storage', p.period, COALESCE(
              (SELECT r.amount FROM usage_records r
                WHERE r.org_id = $1::uuid AND r.resource_type = 'storage' AND r.period < p.period
                ORDER BY r.period DESC LIMIT 1), 0) + $2::bigint
       FROM (SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM')::char(7) AS period) p
     ON CONFLICT (org_id, resource_type, period) DO UPDATE SET amount = usage_records.amount + $2::bigint`,
    [orgId, bytes],
  );
}
