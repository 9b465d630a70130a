import type { DrillStep, SopContent } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { addMonthsUtc } from '@muster/contracts';
import { DrillRunRow } from '../modules/drills/entities/drill-run.entity.js';
import { DrillTemplateRow } from '../modules/drills/entities/drill-template.entity.js';
import { SopAcknowledgement } from '../modules/sops/entities/sop-acknowledgement.entity.js';
import { SopDocument } from '../modules/sops/entities/sop-document.entity.js';
import { SopVersionRow } from '../modules/sops/entities/sop-version.entity.js';
import { templateContent } from '../modules/sops/templates.js';

type Person = { id: string; name: string };
export interface SopPeople {
  admin: Person;
  manager: Person;
  user: Person;
  auditor: Person;
}

const DAY = 86_400_000;
const day = (daysAgo: number): string => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const at = (daysAgo: number): Date => new Date(Date.now() - daysAgo * DAY);

/** Drill library step → fire SOP step: what the seeded fire drill tests of the procedure. */
const FIRE_LINKS: Record<string, string> = {
  'raise-alarm': 'activate-alarm',
  evacuate: 'evacuate',
  headcount: 'roll-call',
  'first-aid-fire': 'first-attack',
  'brief-fire-service': 'meet-brigade',
};

function linked(steps: DrillStep[], sopId: string): DrillStep[] {
  return steps.map((step) => (FIRE_LINKS[step.id] ? { ...step, sopLink: { sopId, stepId: FIRE_LINKS[step.id]! } } : step));
}

/**
 * The demo organisation's SOPs: "Fire response" in force at version 2 (version 1 superseded, so a
 * redline exists), acknowledged by the administrator and the member while the others are missing;
 * "Evacuation and muster" waiting in review; a cyber incident draft. The organisation's fire drill
 * template (and the fire drill run scheduled from it) links its steps to the fire SOP's.
 */
export async function seedSops(tx: EntityManager, orgId: string, people: SopPeople): Promise<void> {
  const { admin, manager, user } = people;

  // Fire response: v1 (a year ago, superseded a month ago) and v2 (in force since).
  const v1: SopContent = templateContent('fire', 'en');
  const v2: SopContent = structuredClone(v1);
  v2.sections[0]!.steps[0]!.text = 'Activate the nearest fire alarm point and radio the control room on channel 16.';
  v2.sections[1]!.steps = v2.sections[1]!.steps.filter((s) => s.id !== 'isolate');
  v2.sections[1]!.steps.splice(1, 0, {
    id: 'isolate-power',
    text: 'Isolate electrical supplies to the area from the substation; close the fire doors.',
  });
  v2.sections[2]!.steps.push({ id: 'visitors', text: 'Check the visitors log and contractors list at the gate.' });
  const fire = await tx.save(tx.create(SopDocument, { orgId, title: v2.title, scenario: 'fire', templateId: 'fire' }));
  const first = await tx.save(
    tx.create(SopVersionRow, {
      orgId,
      sopId: fire.id,
      number: 1,
      status: 'superseded',
      content: v1,
      authorId: manager.id,
      authorName: manager.name,
      submittedAt: at(400),
      approvedById: admin.id,
      approvedByName: admin.name,
      approvedAt: at(399),
      effectiveFrom: day(398),
      reviewDue: addMonthsUtc(day(398), v1.reviewIntervalMonths),
      supersededAt: at(30),
    }),
  );
  const second = await tx.save(
    tx.create(SopVersionRow, {
      orgId,
      sopId: fire.id,
      number: 2,
      status: 'effective',
      content: v2,
      authorId: manager.id,
      authorName: manager.name,
      submittedAt: at(33),
      approvedById: admin.id,
      approvedByName: admin.name,
      approvedAt: at(31),
      effectiveFrom: day(30),
      reviewDue: addMonthsUtc(day(30), v2.reviewIntervalMonths),
    }),
  );
  await tx.save([
    tx.create(SopAcknowledgement, { orgId, sopId: fire.id, versionId: first.id, userId: manager.id, userName: manager.name }),
    tx.create(SopAcknowledgement, { orgId, sopId: fire.id, versionId: second.id, userId: admin.id, userName: admin.name }),
    tx.create(SopAcknowledgement, { orgId, sopId: fire.id, versionId: second.id, userId: user.id, userName: user.name }),
  ]);

  // Evacuation and muster: written by the manager, waiting for another manager's approval.
  const evacuation = templateContent('evacuation', 'en');
  const evac = await tx.save(tx.create(SopDocument, { orgId, title: evacuation.title, scenario: 'evacuation', templateId: 'evacuation' }));
  await tx.save(
    tx.create(SopVersionRow, {
      orgId,
      sopId: evac.id,
      number: 1,
      status: 'in_review',
      content: evacuation,
      authorId: manager.id,
      authorName: manager.name,
      submittedAt: at(2),
    }),
  );

  // A cyber incident draft by the administrator.
  const cyber = templateContent('cyber_incident', 'en');
  const cyberDoc = await tx.save(
    tx.create(SopDocument, { orgId, title: cyber.title, scenario: 'cyber_incident', templateId: 'cyber_incident' }),
  );
  await tx.save(
    tx.create(SopVersionRow, {
      orgId,
      sopId: cyberDoc.id,
      number: 1,
      status: 'draft',
      content: cyber,
      authorId: admin.id,
      authorName: admin.name,
    }),
  );

  // The fire drill template and the fire drill run test the procedure as written.
  const template = await tx.findOne(DrillTemplateRow, { where: { orgId, scenario: 'fire', status: 'published' } });
  if (template) {
    template.body = { ...template.body, steps: linked(template.body.steps, fire.id) };
    await tx.save(template);
  }
  const runs = await tx.find(DrillRunRow, { where: { orgId, scenario: 'fire' } });
  for (const run of runs) {
    run.snapshot = { ...run.snapshot, steps: linked(run.snapshot.steps, fire.id) };
    await tx.save(run);
  }
}
