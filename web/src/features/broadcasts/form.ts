import {
  createBroadcastSchema,
  type BroadcastDisplay,
  type BroadcastSeverity,
  type CreateBroadcastInput,
  type PlanId,
  type Role,
} from '@muster/contracts';
import { z } from 'zod';
import { passIssues } from '../../lib/forms';

export const BROADCAST_LANGUAGES = ['en', 'es', 'zh', 'ar'] as const;
type Language = (typeof BROADCAST_LANGUAGES)[number];

/** The form's values: a title and body per language, the target's lists, local date-times. */
export interface BroadcastFormValues {
  texts: Record<Language, { title: string; body: string }>;
  severity: BroadcastSeverity;
  display: BroadcastDisplay;
  requiresAck: boolean;
  orgIds: string[];
  plans: PlanId[];
  roles: Role[];
  /** `datetime-local` values, in the viewer's time zone. */
  startsAt: string;
  endsAt: string;
}

/** A `datetime-local` value (the viewer's clock) of a moment. */
export function localInputOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a `datetime-local` value names in the viewer's time zone, as ISO ('' when empty or invalid). */
export function isoOfLocal(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export function emptyBroadcastForm(now = new Date()): BroadcastFormValues {
  const empty = { title: '', body: '' };
  return {
    texts: { en: { ...empty }, es: { ...empty }, zh: { ...empty }, ar: { ...empty } },
    severity: 'info',
    display: 'banner',
    requiresAck: false,
    orgIds: [],
    plans: [],
    roles: [],
    startsAt: localInputOf(now),
    endsAt: localInputOf(new Date(now.getTime() + 24 * 3_600_000)),
  };
}

/** The request the form's values make: languages without a title are left out (they fall back to English). */
export function broadcastInputOf(values: BroadcastFormValues): CreateBroadcastInput {
  const texts: CreateBroadcastInput['texts'] = { en: { title: values.texts.en.title, body: values.texts.en.body } };
  for (const language of ['es', 'zh', 'ar'] as const) {
    const text = values.texts[language];
    if (text.title.trim()) texts[language] = { title: text.title, body: text.body };
  }
  return {
    texts,
    severity: values.severity,
    display: values.display,
    requiresAck: values.requiresAck,
    target: { orgIds: values.orgIds, plans: values.plans, roles: values.roles },
    startsAt: isoOfLocal(values.startsAt),
    endsAt: isoOfLocal(values.endsAt),
  };
}

/** The form's schema: the contracts' checks of the request, on the form's fields. */
export const broadcastFormSchema = z.custom<BroadcastFormValues>().transform((values, ctx): CreateBroadcastInput => {
  const input = broadcastInputOf(values);
  const result = createBroadcastSchema.safeParse(input);
  if (result.success) return input;
  passIssues(ctx, result.error.issues);
  return z.NEVER;
});
