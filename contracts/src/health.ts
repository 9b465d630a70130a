import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';

export const componentStatusSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nonnegative().optional(),
  error: z.string().optional(),
});

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Names of the parts that are down; empty when all are up. */
  failing: z.array(z.enum(['database', 'redis', 'queues'])),
  checks: z.object({
    database: componentStatusSchema.extend({ embedded: z.boolean() }),
    redis: componentStatusSchema,
    queues: componentStatusSchema.extend({
      queues: z.record(z.string(), z.object({ waiting: z.number(), active: z.number(), delayed: z.number(), failed: z.number() })),
    }),
  }),
  version: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  node: z.string(),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export const probeRequestSchema = z.object({
  /** The Socket.IO id of the client that should receive the probe result. */
  socketId: z.string().trim().min(1, reason('validation.required')).max(64),
});
export type ProbeRequest = z.infer<typeof probeRequestSchema>;

export const probeAcceptedSchema = z.object({ probeId: z.uuid() });

export const probeResultSchema = z.object({
  probeId: z.uuid(),
  enqueuedAt: z.number(),
  handledAt: z.number(),
  /** The node that ran the job (worker). */
  handledBy: z.string(),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

export const healthEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'health',
    summary: 'Database, Redis and queue status: 200 when all are up, 503 naming the failing part otherwise',
    response: healthReportSchema,
  }),
  probe: defineEndpoint({
    method: 'POST',
    path: '/api/health/probe',
    tag: 'health',
    status: 202,
    summary: 'Round-trip probe: enqueues a job whose worker pushes `health:probe-result` to the given socket through the Redis adapter',
    body: probeRequestSchema,
    response: probeAcceptedSchema,
  }),
};
