import type { SimulationEvent, SimulationRun, TemplateContent } from '@muster/contracts';

/** What a simulated run shows at a moment: derived from the events the server says have happened. */

export interface VirtualParticipant {
  /** 1…N */
  number: number;
  /** The template position they hold (in turn), or null for a template without positions. */
  positionId: string | null;
  checkedInAtMs: number | null;
}

export type SimStepStatus = 'pending' | 'in_progress' | 'completed';

export interface SimStep {
  id: string;
  title: string;
  expectedMinutes: number;
  status: SimStepStatus;
  participant: number | null;
  atMs: number | null;
}

export interface SimInject {
  id: string;
  title: string;
  atMinute: number;
  publishedAtMs: number | null;
  acknowledgedBy: number | null;
  acknowledgedAtMs: number | null;
}

export interface SimulationModel {
  participants: VirtualParticipant[];
  steps: SimStep[];
  injects: SimInject[];
  checkedIn: number;
  stepsCompleted: number;
  injectsAcknowledged: number;
}

/** The participants, steps and injects of a run as its events have made them. */
export function simulationModel(
  run: Pick<SimulationRun, 'participants' | 'events'>,
  template: Pick<TemplateContent, 'positions' | 'steps' | 'injects'>,
): SimulationModel {
  const participants: VirtualParticipant[] = Array.from({ length: run.participants }, (_, i) => ({
    number: i + 1,
    positionId: template.positions.length ? template.positions[i % template.positions.length]!.id : null,
    checkedInAtMs: null,
  }));
  const steps: SimStep[] = template.steps.map((s) => ({
    id: s.id,
    title: s.title,
    expectedMinutes: s.expectedMinutes,
    status: 'pending',
    participant: null,
    atMs: null,
  }));
  const injects: SimInject[] = template.injects.map((i) => ({
    id: i.id,
    title: i.title,
    atMinute: i.atMinute,
    publishedAtMs: null,
    acknowledgedBy: null,
    acknowledgedAtMs: null,
  }));
  for (const e of run.events) {
    if (e.kind === 'check_in' && e.participant) {
      const p = participants[e.participant - 1];
      if (p) p.checkedInAtMs = e.atMs;
    }
    const step = e.stepId ? steps.find((s) => s.id === e.stepId) : undefined;
    if (step && e.kind === 'step_started') Object.assign(step, { status: 'in_progress', participant: e.participant, atMs: e.atMs });
    if (step && e.kind === 'step_completed') Object.assign(step, { status: 'completed', participant: e.participant, atMs: e.atMs });
    const inject = e.injectId ? injects.find((i) => i.id === e.injectId) : undefined;
    if (inject && e.kind === 'inject_published') inject.publishedAtMs = e.atMs;
    if (inject && e.kind === 'inject_acknowledged') Object.assign(inject, { acknowledgedBy: e.participant, acknowledgedAtMs: e.atMs });
  }
  return {
    participants,
    steps,
    injects,
    checkedIn: participants.filter((p) => p.checkedInAtMs !== null).length,
    stepsCompleted: steps.filter((s) => s.status === 'completed').length,
    injectsAcknowledged: injects.filter((i) => i.acknowledgedBy !== null).length,
  };
}

/** Simulated time as a drill clock: "07:05", or "1:02:03" past the hour (Latin digits, any language). */
export function simulationClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${String(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The events newest first, for the timeline. */
export function timelineNewestFirst(events: readonly SimulationEvent[]): SimulationEvent[] {
  return [...events].reverse();
}
