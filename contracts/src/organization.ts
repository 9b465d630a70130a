import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { timeZoneSchema } from './time-zones.js';

/**
 * The organisation's own settings, read and changed by its ADMIN on /app/settings. Its time zone
 * cuts the days of reminders and cadences, and dates its due dates, PDFs and emails.
 */
export const organizationSettingsSchema = z.object({
  name: z.string(),
  /** IANA time zone (UTC until the admin chooses one; sign-up takes the browser's). */
  timeZone: z.string(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const updateOrganizationSettingsSchema = z.object({
  timeZone: timeZoneSchema,
});
export type UpdateOrganizationSettingsRequest = z.input<typeof updateOrganizationSettingsSchema>;

export const organizationEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/organization/settings',
    tag: 'organization',
    summary: "The organisation's settings (ADMIN): its name and time zone",
    response: organizationSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PATCH',
    path: '/api/organization/settings',
    tag: 'organization',
    summary: "Change the organisation's time zone (ADMIN); audited, and every member's sessions see it",
    body: updateOrganizationSettingsSchema,
    response: organizationSettingsSchema,
  }),
};
