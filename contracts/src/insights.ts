import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';

/** Support insights: how fast and how well support answers, over the last `days` days. */
export const INSIGHT_RANGES = [7, 30, 90] as const;

export const insightsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (INSIGHT_RANGES as readonly number[]).includes(d), { message: reason('validation.chooseInsightRange') })
    .default(30),
});

const seconds = z.number().nullable();

export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  chats: z.object({
    started: z.number().int(),
    answered: z.number().int(),
    /** From the chat's start to the operator's first message. */
    firstResponseMedianSeconds: seconds,
    firstResponseP90Seconds: seconds,
    /** From the chat's start to its end. */
    durationMedianSeconds: seconds,
  }),
  satisfaction: z.object({
    average: z.number().nullable(),
    ratings: z.number().int(),
    /** Count of each score, 1 to 5. */
    distribution: z.array(z.number().int()).length(5),
  }),
  tickets: z.object({
    opened: z.number().int(),
    resolved: z.number().int(),
    firstResponseMedianSeconds: seconds,
    resolutionMedianSeconds: seconds,
    breachedFirstResponse: z.number().int(),
    breachedResolution: z.number().int(),
  }),
  perOperator: z.array(
    z.object({
      operator: z.object({ id: z.uuid(), name: z.string() }),
      chats: z.number().int(),
      firstResponseMedianSeconds: seconds,
      averageRating: z.number().nullable(),
    }),
  ),
  /** Chats started in each hour of the day (0–23, UTC). */
  busiestHours: z.array(z.number().int()).length(24),
  perDay: z.array(z.object({ date: z.string(), chats: z.number().int(), tickets: z.number().int() })),
});
export type Insights = z.infer<typeof insightsSchema>;

export const insightsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/support/insights',
    tag: 'support',
    summary: 'First-response and resolution times, satisfaction, chats per operator, busiest hours (support operators)',
    query: insightsQuerySchema,
    response: insightsSchema,
  }),
};
