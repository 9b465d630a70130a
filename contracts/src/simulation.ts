import { z } from 'zod';
import { drillTemplateSummarySchema, templateContentSchema, type TemplateContent } from './drills.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';

/**
 * The drill simulation sandbox (SYSOPS and above): a drill template played by virtual participants
 * who check in, acknowledge injects and complete steps on a clock that can be played, paused, sped
 * up and reset. Simulated runs live in their own table (`simulation_runs`): they are never drill
 * runs, so cadences, usage, packets, analytics and run lists cannot count them.
 */

export const SIMULATION_SPEEDS = [1, 2, 5, 10] as const;
export type SimulationSpeed = (typeof SIMULATION_SPEEDS)[number];

export const SIMULATION_STATUSES = ['ready', 'playing', 'paused', 'finished'] as const;
export type SimulationStatus = (typeof SIMULATION_STATUSES)[number];

export const SIMULATION_CONTROLS = ['play', 'pause', 'reset'] as const;
export type SimulationControl = (typeof SIMULATION_CONTROLS)[number];

export const SIMULATION_LIMITS = {
  participantsMin: 1,
  participantsMax: 50,
  /** Runs kept per creator's scope; the oldest beyond it are removed when one is started. */
  runsKept: 20,
} as const;

/** What virtual participants do, and when (simulated ms after the start). */
export const SIMULATION_EVENT_KINDS = [
  'check_in',
  'inject_published',
  'inject_acknowledged',
  'step_started',
  'step_completed',
  'finished',
] as const;
export type SimulationEventKind = (typeof SIMULATION_EVENT_KINDS)[number];

export const simulationEventSchema = z.object({
  atMs: z.number().int(),
  kind: z.enum(SIMULATION_EVENT_KINDS),
  /** The virtual participant (1…N) who acts, when one does. */
  participant: z.number().int().nullable(),
  stepId: z.string().nullable(),
  injectId: z.string().nullable(),
});
export type SimulationEvent = z.infer<typeof simulationEventSchema>;

const MINUTE = 60_000;

/**
 * The plan of a simulated run: every event its virtual participants make, in time order. It is a
 * pure function of the template and the number of participants, so the server (which decides how
 * far the clock has reached) and the web (which shows it) agree. Participants check in spread over
 * the muster target (or the first five minutes); steps run one after another for their expected
 * minutes; each inject is published at its minute and acknowledged a minute later by the
 * participant holding its position (or the next one in turn); the run finishes with the last event
 * or the template's estimated duration, whichever is later.
 */
export function simulationPlan(
  template: Pick<TemplateContent, 'steps' | 'injects' | 'positions' | 'estimatedMinutes' | 'musterTargetMinutes'>,
  participants: number,
): SimulationEvent[] {
  const events: SimulationEvent[] = [];
  const event = (atMs: number, kind: SimulationEventKind, extra: Partial<SimulationEvent> = {}): SimulationEvent => ({
    atMs: Math.round(atMs),
    kind,
    participant: null,
    stepId: null,
    injectId: null,
    ...extra,
  });
  const window = Math.max(1, Math.min(template.musterTargetMinutes ?? 5, template.estimatedMinutes)) * MINUTE;
  for (let p = 1; p <= participants; p += 1) events.push(event((window * p) / (participants + 1), 'check_in', { participant: p }));
  const holderOf = (positionId: string | null, fallback: number): number => {
    const index = positionId ? template.positions.findIndex((x) => x.id === positionId) : -1;
    return ((index >= 0 ? index : fallback) % participants) + 1;
  };
  let at = 0;
  template.steps.forEach((step, i) => {
    const participant = holderOf(step.positionId, i);
    events.push(event(at, 'step_started', { stepId: step.id, participant }));
    at += step.expectedMinutes * MINUTE;
    events.push(event(at, 'step_completed', { stepId: step.id, participant }));
  });
  template.injects.forEach((inject, i) => {
    events.push(event(inject.atMinute * MINUTE, 'inject_published', { injectId: inject.id }));
    events.push(
      event(inject.atMinute * MINUTE + MINUTE, 'inject_acknowledged', { injectId: inject.id, participant: holderOf(inject.positionId, i) }),
    );
  });
  const order: Record<SimulationEventKind, number> = {
    check_in: 0,
    step_completed: 1,
    step_started: 2,
    inject_published: 3,
    inject_acknowledged: 4,
    finished: 5,
  };
  events.sort((a, b) => a.atMs - b.atMs || order[a.kind] - order[b.kind]);
  const last = events.length ? events[events.length - 1]!.atMs : 0;
  events.push(event(Math.max(last, template.estimatedMinutes * MINUTE), 'finished'));
  return events;
}

/** The simulated time (ms) of a run at wall time `now` (ms): its stored time plus what ran since it was anchored. */
export function simulationElapsed(
  run: Pick<SimulationRun, 'elapsedMs' | 'anchorAt' | 'rate' | 'status' | 'durationMs'>,
  now: number,
): number {
  if (run.status !== 'playing' || !run.anchorAt) return run.elapsedMs;
  return Math.min(run.durationMs, run.elapsedMs + Math.max(0, now - Date.parse(run.anchorAt)) * run.rate);
}

export const simulationRunSchema = z.object({
  id: z.uuid(),
  /** Always true: a simulated run, never a drill run. */
  simulated: z.literal(true),
  templateId: z.string(),
  template: templateContentSchema,
  participants: z.number().int(),
  speed: z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(10)]),
  status: z.enum(SIMULATION_STATUSES),
  /** Simulated ms per wall-clock ms: the speed (times the deployment's SIMULATION_TIME_SCALE, 1 but in tests). */
  rate: z.number(),
  /** Simulated ms at `anchorAt` (while playing) or now (otherwise). */
  elapsedMs: z.number().int(),
  /** Wall time the clock last started moving at `speed` (null unless playing). */
  anchorAt: z.string().nullable(),
  /** How far the server's clock has applied the plan (simulated ms): the events up to it have happened. */
  reachedMs: z.number().int(),
  durationMs: z.number().int(),
  /** The plan's events that have happened, in order. */
  events: z.array(simulationEventSchema),
  /** How many events the plan has in all. */
  plannedEvents: z.number().int(),
  startedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The server's time of this answer (the web's clock offset). */
  serverTime: z.string(),
});
export type SimulationRun = z.infer<typeof simulationRunSchema>;

export const simulationRunSummarySchema = simulationRunSchema
  .pick({
    id: true,
    templateId: true,
    participants: true,
    speed: true,
    status: true,
    reachedMs: true,
    durationMs: true,
    startedBy: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ name: z.string(), scenario: templateContentSchema.shape.scenario, nameText: drillTemplateSummarySchema.shape.nameText });
export type SimulationRunSummary = z.infer<typeof simulationRunSummarySchema>;

export const createSimulationSchema = z.object({
  templateId: z.uuid(reason('simulation.unknownTemplate')),
  participants: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(SIMULATION_LIMITS.participantsMin, reason('validation.peopleMin'))
    .max(SIMULATION_LIMITS.participantsMax, reason('validation.peopleMax')),
  speed: z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(10)], { error: reason('simulation.unknownSpeed') }).default(1),
});
export type CreateSimulationInput = z.input<typeof createSimulationSchema>;

export const simulationControlSchema = z.object({
  action: z.enum(SIMULATION_CONTROLS, { error: reason('simulation.unknownAction') }),
});
export const simulationSpeedSchema = z.object({
  speed: z.union([z.literal(1), z.literal(2), z.literal(5), z.literal(10)], { error: reason('simulation.unknownSpeed') }),
});

/** Payload of `simulation:updated` (room `sysops`): the run as it is now. */
export type SimulationUpdated = SimulationRun;

export const simulationEndpoints = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/api/simulations/templates',
    summary: 'Drill templates a simulation can play: the built-in library and, for a member, the organisation’s published templates',
    tag: 'simulation',
    response: z.object({ items: z.array(drillTemplateSummarySchema) }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/simulations',
    summary: 'Simulated runs, newest first',
    tag: 'simulation',
    response: z.object({ items: z.array(simulationRunSummarySchema) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/simulations',
    summary: 'Starts a simulated run of a template with N virtual participants (ready to play)',
    tag: 'simulation',
    status: 201,
    body: createSimulationSchema,
    response: simulationRunSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/simulations/:id',
    summary: 'One simulated run with the events that have happened',
    tag: 'simulation',
    response: simulationRunSchema,
  }),
  control: defineEndpoint({
    method: 'POST',
    path: '/api/simulations/:id/control',
    summary: 'Plays, pauses or resets the simulated clock',
    tag: 'simulation',
    body: simulationControlSchema,
    response: simulationRunSchema,
  }),
  speed: defineEndpoint({
    method: 'POST',
    path: '/api/simulations/:id/speed',
    summary: 'Sets the clock speed (1×, 2×, 5×, 10×)',
    tag: 'simulation',
    body: simulationSpeedSchema,
    response: simulationRunSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/simulations/:id',
    summary: 'Removes a simulated run',
    tag: 'simulation',
    status: 204,
  }),
} as const;
