import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { API_PATHS } from './product.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';
import { ROLES } from './roles.js';
import { timeZoneSchema } from './time-zones.js';

/** How people sign in with Muster's own credentials (SSO arrives with its own issue). */
export const SIGN_IN_METHODS = ['password', 'magic_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Security constants of the identity rules. */
export const AUTH_LIMITS = {
  magicCodeTtlSeconds: 10 * 60,
  magicCodeMaxTries: 5,
  resetLinkTtlSeconds: 30 * 60,
  lockoutFailures: 10,
  lockoutWindowSeconds: 15 * 60,
  lockoutSeconds: 15 * 60,
  passwordMinLength: 10,
  passwordMaxLength: 128,
} as const;

const required = reason('validation.required');

export const emailSchema = z
  .string({ error: required })
  .trim()
  .min(1, required)
  .max(254, reason('validation.maxLength'))
  .toLowerCase()
  .pipe(z.email(reason('validation.email')));

/** A password being set: bounded both ways. */
export const newPasswordSchema = z
  .string({ error: required })
  .min(1, required)
  .min(AUTH_LIMITS.passwordMinLength, reason('validation.passwordMin'))
  .max(AUTH_LIMITS.passwordMaxLength, reason('validation.passwordMax'));

/** A password being checked: any non-empty value up to a sane bound. */
const givenPasswordSchema = z.string({ error: required }).min(1, required).max(1024, reason('validation.passwordTooLong'));

/** Refinement shared by every form that sets a password twice. */
const passwordsMatch = [
  (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  { message: reason('validation.passwordsMismatch'), path: ['confirmPassword'] },
] as [(v: { password: string; confirmPassword: string }) => boolean, { message: string; path: string[] }];

export const loginSchema = z.object({ email: emailSchema, password: givenPasswordSchema });
export type LoginRequest = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    organizationName: z
      .string({ error: required })
      .trim()
      .min(1, required)
      .min(2, reason('validation.minLength'))
      .max(200, reason('validation.maxLength')),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: required }).min(1, required),
    /** The organisation's IANA time zone: the web sends the browser's; UTC when absent. */
    timeZone: timeZoneSchema.optional(),
  })
  .refine(...passwordsMatch);
export type RegisterRequest = z.infer<typeof registerSchema>;

export const requestMagicSchema = z.object({ email: emailSchema });
export const verifyMagicSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: required })
    .trim()
    .regex(/^\d{6}$/, reason('validation.code')),
});
export type VerifyMagicRequest = z.infer<typeof verifyMagicSchema>;

export const verifyPasswordSchema = z.object({
  password: z
    .string({ error: reason('validation.passwordRequired') })
    .min(1, reason('validation.passwordRequired'))
    .max(1024),
});
export const verifyPasswordResultSchema = z.object({ success: z.boolean() });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: required }).trim().min(20, reason('validation.resetLink')).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: required }).min(1, required),
  })
  .refine(...passwordsMatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: givenPasswordSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: required }).min(1, required),
  })
  .refine(...passwordsMatch);
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

const nameSchema = z.string().trim().max(100, reason('validation.maxLength'));
/** One of the interface languages (en, es, zh, ar). */
export const languageCodeSchema = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') });
export const updateProfileSchema = z.object({
  firstName: nameSchema.nullable().optional(),
  lastName: nameSchema.nullable().optional(),
  username: z
    .string()
    .trim()
    .min(3, reason('validation.minLength'))
    .max(64, reason('validation.maxLength'))
    .regex(/^[a-zA-Z0-9._-]+$/, reason('validation.usernameFormat'))
    .optional(),
  /** Minutes of inactivity before the session lock; null turns the lock off. */
  autoLogoutMinutes: z
    .number()
    .int(reason('validation.mustBeWholeNumber'))
    .min(1, reason('validation.minuteMin'))
    .max(1440, reason('validation.minutesMax'))
    .nullable()
    .optional(),
  /** The language chosen in the web app: emails to the user are written in it. */
  language: languageCodeSchema.optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  autoLogoutMinutes: z.number().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/me when signed in (401 otherwise). */
export const sessionSchema = z.object({
  authenticated: z.literal(true),
  user: sessionUserSchema,
  org: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  role: z.enum(ROLES),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Logout's answer: with `redirectUrl` when the session came from an IdP with single logout (the browser goes there next). */
export const logoutResultSchema = z.object({ ok: z.literal(true), redirectUrl: z.string().optional() });
export type LogoutResult = z.infer<typeof logoutResultSchema>;

export const authEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: API_PATHS.me,
    tag: 'auth',
    summary: 'The signed-in user, organisation and role (401 when not signed in)',
    response: sessionSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in with email and password; rotates the session id',
    body: loginSchema,
    response: sessionSchema,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/auth/register',
    tag: 'auth',
    status: 201,
    summary: 'Create an organisation with this user as ADMIN. No session is created: the user signs in next.',
    body: registerSchema,
    response: okSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: API_PATHS.logout,
    tag: 'auth',
    summary: 'Sign out: the session is destroyed on the server (and, for an SSO session, the IdP single-logout URL is answered)',
    response: logoutResultSchema,
  }),
  requestMagic: defineEndpoint({
    method: 'POST',
    path: '/api/auth/request-magic',
    tag: 'auth',
    summary: 'Email a 6-digit sign-in code, bound to this browser. Always answers 200.',
    body: requestMagicSchema,
    response: okSchema,
  }),
  verifyMagic: defineEndpoint({
    method: 'POST',
    path: '/api/auth/verify-magic',
    tag: 'auth',
    summary: 'Sign in with the emailed code',
    body: verifyMagicSchema,
    response: sessionSchema,
  }),
  verifyPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/verify-password',
    tag: 'auth',
    summary: "Check the signed-in user's password (session unlock)",
    body: verifyPasswordSchema,
    response: verifyPasswordResultSchema,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    summary: 'Email a single-use reset link valid 30 minutes. Always answers 200.',
    body: forgotPasswordSchema,
    response: okSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    tag: 'auth',
    summary: "Set a new password with a reset link's token; ends every session of the user",
    body: resetPasswordSchema,
    response: okSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: API_PATHS.profile,
    tag: 'auth',
    summary: "Update the signed-in user's profile",
    body: updateProfileSchema,
    response: sessionSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    tag: 'auth',
    summary: "Change the signed-in user's password; ends the user's other sessions",
    body: changePasswordSchema,
    response: okSchema,
  }),
};
