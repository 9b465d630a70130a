import { z } from 'zod';
import { defineEndpoint } from './http.js';

/**
 * In-app notifications (the bell in the app shell): stored per user, pushed as
 * `notification:new` to the user's room. The web writes the text from `kind` and `data` in the
 * reader's language.
 */
export const NOTIFICATION_KINDS = [
  'drill_reminder',
  'drill_cadence',
  'compliance_rule',
  'compliance_document',
  'sop_review',
  'evidence_request',
  'sso_break_glass',
  'approval_requested',
  'approval_decided',
  'approval_break_glass',
  'broadcast',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * drill_reminder: runId, title, scheduledAt, location, leadMinutes.
   * drill_cadence: cadenceId, name, state (due_soon | overdue), dueDate.
   * sop_review: sopId, title, version, state (due_soon | overdue), dueDate.
   */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Where the notification leads in the app. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread notifications in all. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "The signed-in user's newest notifications and how many are unread",
    query: notificationListQuerySchema,
    response: notificationListSchema,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    tag: 'notifications',
    summary: 'Marks one notification read',
    response: unreadCountSchema,
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    tag: 'notifications',
    summary: 'Marks every notification read',
    response: unreadCountSchema,
  }),
};
