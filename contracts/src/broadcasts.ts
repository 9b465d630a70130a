import { z } from 'zod';
import { defineEndpoint } from './http.js';
import type { LanguageCode } from './i18n.js';
import { PLAN_IDS } from './plans.js';
import { reason } from './reasons.js';
import { ROLES } from './roles.js';

/**
 * Platform broadcasts (issue 22): a message from the platform's root admins with a start and an
 * end, a severity, a target (everyone, or organisations, plans and roles — each list narrowing
 * when not empty) and a text per language (English required, the others fall back to it). Shown as
 * a banner in the app shell or as a notification; dismissable, or kept until acknowledged.
 */
export const BROADCAST_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type BroadcastSeverity = (typeof BROADCAST_SEVERITIES)[number];
export const BROADCAST_DISPLAYS = ['banner', 'notification'] as const;
export type BroadcastDisplay = (typeof BROADCAST_DISPLAYS)[number];

export const BROADCAST_LIMITS = { titleMax: 120, bodyMax: 2000, maxTargets: 200 } as const;

const text = z.object({
  title: z.string().trim().max(BROADCAST_LIMITS.titleMax, reason('validation.atMostCharacters')),
  body: z.string().trim().max(BROADCAST_LIMITS.bodyMax, reason('validation.atMostCharacters')),
});
export const broadcastTextsSchema = z.object({
  en: text.extend({ title: z.string().trim().min(1, reason('broadcasts.titleRequired')).max(BROADCAST_LIMITS.titleMax) }),
  es: text.optional(),
  zh: text.optional(),
  ar: text.optional(),
});
export type BroadcastTexts = z.infer<typeof broadcastTextsSchema>;

export const broadcastTargetSchema = z.object({
  orgIds: z.array(z.uuid()).max(BROADCAST_LIMITS.maxTargets).default([]),
  plans: z.array(z.enum(PLAN_IDS)).default([]),
  roles: z.array(z.enum(ROLES)).default([]),
});
export type BroadcastTarget = z.infer<typeof broadcastTargetSchema>;

export const createBroadcastSchema = z
  .object({
    texts: broadcastTextsSchema,
    severity: z.enum(BROADCAST_SEVERITIES).default('info'),
    display: z.enum(BROADCAST_DISPLAYS).default('banner'),
    requiresAck: z.boolean().default(false),
    target: broadcastTargetSchema,
    startsAt: z.iso.datetime({ offset: true, error: reason('validation.chooseDateTime') }),
    endsAt: z.iso.datetime({ offset: true, error: reason('validation.chooseDateTime') }),
  })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), { path: ['endsAt'], message: reason('broadcasts.endBeforeStart') });
export type CreateBroadcastInput = z.input<typeof createBroadcastSchema>;

export const BROADCAST_STATES = ['scheduled', 'active', 'ended'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** A broadcast as its admins see it. */
export const broadcastSchema = z.object({
  id: z.uuid(),
  texts: broadcastTextsSchema,
  severity: z.enum(BROADCAST_SEVERITIES),
  display: z.enum(BROADCAST_DISPLAYS),
  requiresAck: z.boolean(),
  target: broadcastTargetSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  state: z.enum(BROADCAST_STATES),
  createdBy: z.string(),
  acknowledgements: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastListSchema = z.object({ items: z.array(broadcastSchema) });
export type BroadcastList = z.infer<typeof broadcastListSchema>;

/** A broadcast as a reader sees it: the text in their language (English when there is none). */
export const myBroadcastSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  language: z.string(),
  severity: z.enum(BROADCAST_SEVERITIES),
  display: z.enum(BROADCAST_DISPLAYS),
  requiresAck: z.boolean(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  acknowledgedAt: z.iso.datetime().nullable(),
});
export type MyBroadcast = z.infer<typeof myBroadcastSchema>;
export const myBroadcastListSchema = z.object({ items: z.array(myBroadcastSchema) });
export type MyBroadcastList = z.infer<typeof myBroadcastListSchema>;

/** Acknowledgements of one broadcast, per organisation (platform staff under `orgId` null). */
export const broadcastAcksSchema = z.object({
  organizations: z.array(
    z.object({
      orgId: z.uuid().nullable(),
      orgName: z.string().nullable(),
      count: z.number().int(),
      people: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), acknowledgedAt: z.iso.datetime() })),
    }),
  ),
});
export type BroadcastAcks = z.infer<typeof broadcastAcksSchema>;

/** The text of a broadcast in a language, English when it has none there. */
export function broadcastText(texts: BroadcastTexts, language: LanguageCode): { title: string; body: string; language: LanguageCode } {
  const own = texts[language];
  if (own && own.title.trim()) return { title: own.title, body: own.body, language };
  return { title: texts.en.title, body: texts.en.body, language: 'en' };
}

/** Whether a reader (organisation, its plan, role) is in a broadcast's target. Platform staff have no organisation. */
export function inBroadcastTarget(target: BroadcastTarget, reader: { orgId: string | null; plan: string | null; role: string }): boolean {
  if (target.orgIds.length && (!reader.orgId || !target.orgIds.includes(reader.orgId))) return false;
  if (target.plans.length && (!reader.plan || !(target.plans as string[]).includes(reader.plan))) return false;
  if (target.roles.length && !(target.roles as string[]).includes(reader.role)) return false;
  return true;
}

export const broadcastEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts',
    summary: 'Every broadcast (root admins)',
    tag: 'broadcasts',
    response: broadcastListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts',
    summary: 'Schedule a broadcast (pushed live when it starts)',
    tag: 'broadcasts',
    status: 201,
    body: createBroadcastSchema,
    response: broadcastSchema,
  }),
  end: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts/:id/end',
    summary: 'End a broadcast now (it disappears live)',
    tag: 'broadcasts',
    response: broadcastSchema,
  }),
  acks: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts/:id/acknowledgements',
    summary: "A broadcast's acknowledgements per organisation",
    tag: 'broadcasts',
    response: broadcastAcksSchema,
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/broadcasts/active',
    summary: 'The active broadcasts for me, in my language',
    tag: 'broadcasts',
    response: myBroadcastListSchema,
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/api/broadcasts/:id/acknowledge',
    summary: 'Acknowledge (or dismiss) a broadcast',
    tag: 'broadcasts',
    response: myBroadcastSchema,
  }),
} as const;

/** The platform's overview for its root and deputy admins. */
export const platformOverviewSchema = z.object({
  organizationsByPlan: z.array(z.object({ plan: z.string(), count: z.number().int() })),
  organizations: z.number().int(),
  /** New organisations per month, the last 12 months (`YYYY-MM`), oldest first. */
  growth: z.array(z.object({ month: z.string(), count: z.number().int() })),
  /** Paid through the built-in provider this calendar month (UTC), in cents. */
  revenueThisMonthCents: z.number().int(),
  pendingApprovals: z.number().int(),
  unreviewedBreakGlass: z.number().int(),
  queues: z.array(
    z.object({
      name: z.string(),
      waiting: z.number().int(),
      active: z.number().int(),
      delayed: z.number().int(),
      failed: z.number().int(),
      completed: z.number().int(),
    }),
  ),
  activeBroadcasts: z.number().int(),
  scheduledBroadcasts: z.number().int(),
});
export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

export const platformEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/platform/overview',
    summary: "The platform's overview (root and deputy admins)",
    tag: 'platform',
    response: platformOverviewSchema,
  }),
} as const;
