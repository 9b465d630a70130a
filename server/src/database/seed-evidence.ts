import type { INestApplicationContext } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, type EvidenceLinkKind, type OrgPrincipal } from '@muster/contracts';
import { DataSource } from 'typeorm';
import { EvidenceService } from '../modules/evidence/evidence.service.js';
import { createPdf } from '../platform/documents/pdf-text.js';
import { acrossOrganisations } from '../platform/tenancy/tenant-check.js';
import { addDays } from '../platform/time/zoned.js';

/** A small generated PDF: a title and a few lines, as a scanned log sheet would say them. */
async function sheet(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = createPdf({ language: 'en', title });
  pdf.heading(title);
  for (const line of lines) pdf.paragraph(line).space(6);
  return pdf.finish();
}

interface Found {
  org_id: string;
  org_name: string;
  time_zone: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The demo organisation's evidence vault: two uploaded log sheets, snapshots of an approved drill
 * run's report, the issued ISPS packet, an SOP version and the last month of the audit chain, all
 * added by the admin; the first sheet under a legal hold. Run by the bootstrap after the demo
 * packets (snapshots need the render engine and storage); nothing when the organisation already
 * has evidence. A source that is missing (no approved run, no packet) is left out.
 */
export async function seedEvidence(context: INestApplicationContext, now = new Date()): Promise<number> {
  const dataSource = context.get(DataSource);
  const rows = await acrossOrganisations('seeding the demo evidence vault', () =>
    dataSource.query<Found[]>(
      `SELECT o.id AS org_id, o.name AS org_name, o.time_zone, u.id AS user_id, u.first_name, u.last_name, u.email
         FROM memberships m
         JOIN users u ON u.id = m.user_id
         JOIN organizations o ON o.id = m.org_id
        WHERE u.email = 'admin@harborpoint.example' AND m.role = 'ADMIN'
          AND NOT EXISTS (SELECT 1 FROM evidence_records e WHERE e.org_id = m.org_id)
        LIMIT 1`,
    ),
  );
  const found = rows[0];
  if (!found) return 0;
  const orgId = found.org_id;
  const admin: OrgPrincipal = {
    sessionId: '',
    kind: 'user',
    principalId: found.user_id,
    userId: found.user_id,
    inviteId: null,
    orgId,
    orgName: found.org_name,
    role: 'ADMIN',
    name: [found.first_name, found.last_name].filter(Boolean).join(' '),
    email: found.email,
    language: 'en',
    timeZone: found.time_zone || DEFAULT_TIME_ZONE,
  };
  const evidence = context.get(EvidenceService);
  const today = now.toISOString().slice(0, 10);
  const [facility] = await acrossOrganisations('seeding the demo evidence vault', () =>
    dataSource.query<{ facility_name: string }[]>(
      `SELECT facility_name FROM compliance_profiles WHERE org_id = $1 AND facility_name IS NOT NULL ORDER BY created_at LIMIT 1`,
      [orgId],
    ),
  );
  const facilityName = facility?.facility_name ?? null;
  const source = async <T>(query: string): Promise<T | undefined> =>
    (await acrossOrganisations('seeding the demo evidence vault', () => dataSource.query<T[]>(query, [orgId])))[0];

  let added = 0;
  const quarterFrom = addDays(today, -90);
  const pump = await evidence.ingest(
    admin,
    {
      title: 'Fire pump weekly test log',
      description: 'Signed log sheets of the weekly fire pump start and pressure test at Terminal 2, last quarter.',
      ruleIds: ['solas_iii_19_3'],
      from: quarterFrom,
      to: today,
      facility: facilityName,
    },
    'file',
    {
      body: await sheet('Fire pump weekly test log', [
        `Harbor Point Terminals — ${facilityName ?? 'all facilities'}`,
        `Period ${quarterFrom} to ${today}. Pump started every Monday at 09:00; discharge pressure between 8.1 and 8.4 bar.`,
        'No defects found. Signed by the duty engineer and the facility security officer.',
      ]),
      contentType: 'application/pdf',
      fileName: 'fire-pump-weekly-test-log.pdf',
    },
    null,
  );
  added += 1;
  await evidence.ingest(
    admin,
    {
      title: 'Gate 3 access control patrol checklist',
      description: 'Daily access control and restricted-area patrol checklist of the port facility security plan.',
      ruleIds: ['isps_b18_5'],
      from: addDays(today, -30),
      to: today,
      facility: facilityName,
    },
    'file',
    {
      body: await sheet('Gate 3 access control patrol checklist', [
        'Restricted area fences, gates and lighting checked twice daily; seals on container stacks verified.',
        'Findings: lighting fault at berth 4 reported and repaired within 24 hours.',
      ]),
      contentType: 'application/pdf',
      fileName: 'gate-3-patrol-checklist.pdf',
    },
    null,
  );
  added += 1;

  const snapshot = async (
    kind: EvidenceLinkKind,
    ids: { objectId?: string; versionId?: string },
    meta: { title: string; description: string; ruleIds: string[]; from: string; to: string },
  ): Promise<void> => {
    const made = await evidence.snapshot(admin, { kind, ...ids, from: meta.from, to: meta.to });
    await evidence.ingest(admin, { ...meta, facility: facilityName }, kind, made, made.source);
    added += 1;
  };

  const run = await source<{ id: string; title: string; day: string }>(
    `SELECT id, title, to_char(coalesce(completed_at, scheduled_at), 'YYYY-MM-DD') AS day
       FROM drill_runs WHERE org_id = $1 AND status = 'approved' ORDER BY approved_at DESC LIMIT 1`,
  );
  if (run) {
    await snapshot(
      'drill_run',
      { objectId: run.id },
      {
        title: `${run.title} — after-action report`,
        description: 'The approved after-action report of the drill, as signed off.',
        ruleIds: ['isps_b18_5'],
        from: run.day,
        to: run.day,
      },
    );
  }
  const packet = await source<{ id: string; profile_name: string; period_from: string; period_to: string }>(
    `SELECT id, profile_name, to_char(period_from, 'YYYY-MM-DD') AS period_from, to_char(period_to, 'YYYY-MM-DD') AS period_to
       FROM compliance_packets WHERE org_id = $1 AND state = 'issued' AND revoked_at IS NULL ORDER BY issued_at DESC LIMIT 1`,
  );
  if (packet) {
    await snapshot(
      'packet',
      { objectId: packet.id },
      {
        title: `${packet.profile_name} compliance packet`,
        description: 'The signed compliance packet of the last twelve months.',
        ruleIds: ['isps_b18_5', 'solas_iii_19_3'],
        from: packet.period_from,
        to: packet.period_to,
      },
    );
  }
  const sop = await source<{ sop_id: string; version_id: string; title: string }>(
    `SELECT d.id AS sop_id, v.id AS version_id, d.title
       FROM sop_documents d JOIN sop_versions v ON v.sop_id = d.id AND v.org_id = d.org_id
      WHERE d.org_id = $1 AND v.status IN ('effective', 'approved') ORDER BY v.approved_at DESC NULLS LAST LIMIT 1`,
  );
  if (sop) {
    await snapshot(
      'sop_version',
      { objectId: sop.sop_id, versionId: sop.version_id },
      {
        title: `${sop.title} (SOP in force)`,
        description: 'The standard operating procedure in force during the period.',
        ruleIds: ['isps_b18_5'],
        from: addDays(today, -90),
        to: today,
      },
    );
  }
  await snapshot(
    'audit_export',
    {},
    {
      title: 'Audit chain, last 30 days',
      description: "The organisation's security events of the last 30 days, hash-chained.",
      ruleIds: ['isps_b18_5'],
      from: addDays(today, -30),
      to: today,
    },
  );
  await evidence.placeHold(admin, pump.id, 'Insurance claim HP-2026-031: keep until the claim is settled', null);
  return added;
}
