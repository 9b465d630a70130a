import { reason } from './reasons.js';
import { z } from 'zod';
import { emailSchema, requestMagicSchema, sessionSchema, verifyMagicSchema, okSchema } from './auth.js';
import { defineEndpoint } from './http.js';

export const AUDITOR_INVITE_MAX_DAYS = 365;

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
  expiresAt: z.iso
    .datetime({ offset: true, error: reason('validation.dateTimeValid') })
    .refine((v) => new Date(v).getTime() > Date.now(), reason('validation.inFutureDate'))
    .refine(
      (v) => new Date(v).getTime() <= Date.now() + AUDITOR_INVITE_MAX_DAYS * 86_400_000,
      `Must be within ${AUDITOR_INVITE_MAX_DAYS} days`,
    ),
});
export type CreateAuditorInviteRequest = z.input<typeof createAuditorInviteSchema>;

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
});
export type AuditorInvite = z.infer<typeof auditorInviteSchema>;

/** GET /api/auditor/context: who the signed-in guest auditor is. */
export const auditorContextSchema = z.object({
  invite: z.object({ auditorName: z.string(), firm: z.string().nullable(), expiresAt: z.string() }),
});
export type AuditorContext = z.infer<typeof auditorContextSchema>;

export const auditorEndpoints = {
  context: defineEndpoint({
    method: 'GET',
    path: '/api/auditor/context',
    tag: 'auditor',
    summary: "The signed-in guest auditor's invite",
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
  revokeInvite: defineEndpoint({
    method: 'DELETE',
    path: '/api/auditor-invites/:id',
    tag: 'auditor',
    summary: "Revoke an invite (ADMIN); the auditor's sessions end",
    response: auditorInviteSchema,
  }),
};
