import { simulationPlan } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { LIBRARY } from '../modules/drills/library/library.js';

/**
 * One finished rehearsal in the simulation sandbox, so its page opens on a played run: the
 * library's evacuation drill with eight virtual participants, played to the end yesterday by the
 * demo SYSOPS operator. It is a simulation_runs row: no drill run, usage or cadence sees it.
 */
export async function seedSimulation(tx: EntityManager, sysops: { id: string; name: string }): Promise<void> {
  const template = LIBRARY.find((t) => t.content.scenario === 'evacuation') ?? LIBRARY[0]!;
  const participants = 8;
  const plan = simulationPlan(template.content, participants);
  const duration = plan[plan.length - 1]!.atMs;
  const started = new Date(Date.now() - 26 * 3_600_000);
  await tx.query(
    `INSERT INTO simulation_runs (template_id, template, participants, speed, status, elapsed_ms, anchor_at, reached_ms, duration_ms,
                                  segment, started_by_user_id, started_by_name, created_at, updated_at)
     VALUES ($1, $2, $3, 5, 'finished', $4, NULL, $4, $4, 3, $5, $6, $7, $8)`,
    [
      template.id,
      JSON.stringify(template.content),
      participants,
      duration,
      sysops.id,
      sysops.name,
      started,
      new Date(started.getTime() + Math.ceil(duration / 5)),
    ],
  );
}
