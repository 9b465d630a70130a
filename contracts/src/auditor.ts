import { reason } from './reasons.js';
import { z } from 'zod';
import { emailSchema, requestMagicSchema, sessionSchema, verifyMagicSchema, okSchema } from './auth.js';
import { defineEndpoint } from './http.js';

export const AUDITOR_INVITE_MAX_DAYS = 365;

export const AUDITOR_SCOPE_LIMITS = {
  profilesMax: 20,
  facilitiesMax: 20,
  facilityMax: 200,
  /** A scope's period covers at most this many years (the retention of compliance records). */
  periodMaxYears: 7,
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason('validation.invalidFormat'));

/**
 * What a guest auditor may see: the evidence records supporting a rule of one of the profiles,
 * whose period overlaps the scope's, of one of the facilities (or of the whole organisation) when
 * facilities are named. Everything else answers 404 to them.
 */
export const auditorScopeInputSchema = z
  .object({
    profileIds: z
      .array(z.uuid(reason('auditor.unknownProfiles')))
      .min(1, reason('auditor.emptyScope'))
      .max(AUDITOR_SCOPE_LIMITS.profilesMax, reason('validation.tooManyItems'))
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    facilities: z
      .array(z.string().trim().min(1, reason('validation.required')).max(AUDITOR_SCOPE_LIMITS.facilityMax, reason('validation.maxLength')))
      .max(AUDITOR_SCOPE_LIMITS.facilitiesMax, reason('validation.tooManyItems'))
      .default([])
      .transform((names) => [...new Set(names)]),
    from: isoDay,
    to: isoDay,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: reason('auditor.periodBackwards') });
    else if (Number(v.to.slice(0, 4)) - Number(v.from.slice(0, 4)) > AUDITOR_SCOPE_LIMITS.periodMaxYears) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: reason('auditor.periodTooLong') });
    }
  });
export type AuditorScopeInput = z.input<typeof auditorScopeInputSchema>;
export type AuditorScopeStored = z.output<typeof auditorScopeInputSchema>;

/** An invite's scope as shown: the profiles by name. */
export const auditorScopeSchema = z.object({
  profiles: z.array(z.object({ id: z.string(), name: z.string(), ruleIds: z.array(z.string()) })),
  facilities: z.array(z.string()),
  from: z.string(),
  to: z.string(),
});
export type AuditorScope = z.infer<typeof auditorScopeSchema>;

/** An invite's expiry: in the future, at most `AUDITOR_INVITE_MAX_DAYS` days ahead. */
export const inviteExpirySchema = z.iso
  .datetime({ offset: true, error: reason('validation.dateTimeValid') })
  .refine((v) => new Date(v).getTime() > Date.now(), reason('validation.inFutureDate'))
  .refine((v) => new Date(v).getTime() <= Date.now() + AUDITOR_INVITE_MAX_DAYS * 86_400_000, reason('auditor.expiryTooFar'));

export const createAuditorInviteSchema = z.object({
  email: emailSchema,
  auditorName: z
    .string({ error: reason('validation.required') })
    .trim()
    .min(1, reason('validation.required'))
    .max(120, reason('validation.maxLength')),
  firm: z
    .string()
    .trim()
    .max(120, reason('validation.maxLength'))
    .optional()
    .transform((v) => (v ? v : null)),
  expiresAt: inviteExpirySchema,
  scope: auditorScopeInputSchema,
});
export type CreateAuditorInviteRequest = z.input<typeof createAuditorInviteSchema>;

/** `PATCH /api/auditor-invites/:id`: a new scope and/or expiry of an active invite (the same rules as at creation). */
export const updateAuditorInviteSchema = z.object({
  scope: auditorScopeInputSchema.optional(),
  expiresAt: inviteExpirySchema.optional(),
});
export type UpdateAuditorInviteRequest = z.input<typeof updateAuditorInviteSchema>;

export const auditorInviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  auditorName: z.string(),
  firm: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  scope: auditorScopeSchema,
});
export type AuditorInvite = z.infer<typeof auditorInviteSchema>;

/** GET /api/auditor/context: who the signed-in guest auditor is. */
export const auditorContextSchema = z.object({
  invite: z.object({ auditorName: z.string(), firm: z.string().nullable(), expiresAt: z.string() }),
  /** True when an ADMIN previews the portal as the invite's auditor (`?preview=<invite id>`): read-only. */
  preview: z.boolean().default(false),
});
export type AuditorContext = z.infer<typeof auditorContextSchema>;

/** `?preview=<invite id>`: an ADMIN sees the portal as that invite's auditor (the same as `previewQuerySchema` of the portal). */
export const auditorContextQuerySchema = z.object({
  preview: z.uuid(reason('auditor.inviteNotFound')).optional(),
});

export const auditorEndpoints = {
  context: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/context',
    tag: 'auditor',
    summary: "The signed-in guest auditor's invite, or with `?preview=` the previewed invite's (ADMIN)",
    query: auditorContextQuerySchema,
    response: auditorContextSchema,
  }),
  requestCode: defineEndpoint({
    method: 'POST',
    path: '/api/auth/auditor/request-magic',
    tag: 'auditor',
    summary: 'Email a sign-in code to an invited guest auditor, bound to this browser. Always answers 200.',
    body: requestMagicSchema,
    response: okSchema,
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/api/auth/auditor/verify-magic',
    tag: 'auditor',
    summary: 'Sign in as a guest auditor with the emailed code',
    body: verifyMagicSchema,
    response: sessionSchema,
  }),
  listInvites: defineEndpoint({
    method: 'GET',
    path: '/api/auditor-invites',
    tag: 'auditor',
    summary: "The organisation's guest-auditor invites (ADMIN)",
    response: z.array(auditorInviteSchema),
  }),
  createInvite: defineEndpoint({
    method: 'POST',
    path: '/api/auditor-invites',
    tag: 'auditor',
    status: 201,
    summary: 'Invite a guest auditor (ADMIN); the invite is emailed',
    body: createAuditorInviteSchema,
    response: auditorInviteSchema,
  }),
  getInvite: defineEndpoint({
    method: 'GET',
    path: '/api/auditor-invites/:id',
    tag: 'auditor',
    summary: 'One invite of the organisation (ADMIN)',
    response: auditorInviteSchema,
  }),
  updateInvite: defineEndpoint({
    method: 'PATCH',
    path: '/api/auditor-invites/:id',
    tag: 'auditor',
    summary: "Changes an active invite's scope or expiry (ADMIN); a new expiry moves the end of the auditor's sessions",
    body: updateAuditorInviteSchema,
    response: auditorInviteSchema,
  }),
  revokeInvite: defineEndpoint({
    method: 'DELETE',
    path: '/api/auditor-invites/:id',
    tag: 'auditor',
    summary: "Revoke an invite (ADMIN); the auditor's sessions end",
    response: auditorInviteSchema,
  }),
};
