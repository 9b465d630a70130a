import { z } from 'zod';
import { AUTH_LIMITS, SIGN_IN_METHODS } from './auth.js';
import { MEMBER_ROLES } from './members.js';
import { defineEndpoint } from './http.js';
import { reason } from './reasons.js';
import { ROLES } from './roles.js';

/**
 * The organisation's security policy (password rules, default auto-lock, sign-in methods, support
 * PINs, ID verification duties), support PINs and ID verification (issue 18, "Organisation security").
 */
export const SECURITY_LIMITS = {
  /** A policy's minimum password length: never below today's rule, never above the longest password. */
  passwordMinLengthMin: AUTH_LIMITS.passwordMinLength,
  passwordMinLengthMax: AUTH_LIMITS.passwordMaxLength,
  autoLockMinutesMin: 1,
  autoLockMinutesMax: 1440,
  pinMinDigits: 4,
  pinMaxDigits: 8,
  /** PIN checks of one member's PIN by support, per window; then 429 with Retry-After. */
  pinChecksPerWindow: 5,
  pinCheckWindowSeconds: 15 * 60,
  /** ID verification images: at most this size, JPEG, PNG or WebP (read from the content). */
  idImageMaxMb: 10,
  idImageMaxBytes: 10 * 1024 * 1024,
  /** How long an operator's link to a case's image works (and it works once). */
  idImageLinkSeconds: 5 * 60,
  decisionTextMin: 3,
  decisionTextMax: 500,
} as const;

/** The policy an organisation has until its admin changes it (today's rules). */
export const DEFAULT_SECURITY_POLICY: Readonly<SecurityPolicy> = {
  passwordMinLength: AUTH_LIMITS.passwordMinLength,
  rejectCommonPasswords: false,
  defaultAutoLockMinutes: null,
  signInMethods: ['password', 'magic_code'],
  adminsMayUseCodes: true,
  pinsRequired: false,
  verificationRoles: [],
  verificationDueBy: null,
};

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, reason('security.dueDate'));

export const securityPolicySchema = z.object({
  passwordMinLength: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(SECURITY_LIMITS.passwordMinLengthMin, reason('security.lengthMin'))
    .max(SECURITY_LIMITS.passwordMinLengthMax, reason('security.lengthMax')),
  rejectCommonPasswords: z.boolean(),
  /** Minutes of inactivity before the lock for members without their own setting; null: none. */
  defaultAutoLockMinutes: z
    .number({ error: reason('validation.wholeNumber') })
    .int(reason('validation.wholeNumber'))
    .min(SECURITY_LIMITS.autoLockMinutesMin, reason('validation.minutesMin'))
    .max(SECURITY_LIMITS.autoLockMinutesMax, reason('validation.minutesMax'))
    .nullable(),
  signInMethods: z
    .array(z.enum(SIGN_IN_METHODS))
    .min(1, reason('security.oneMethod'))
    .refine((list) => new Set(list).size === list.length, reason('security.oneMethod')),
  /** Whether ADMINs may sign in with an emailed code (when codes are allowed at all). */
  adminsMayUseCodes: z.boolean(),
  /** Members must set a support PIN. */
  pinsRequired: z.boolean(),
  /** Roles whose members must pass ID verification. */
  verificationRoles: z.array(z.enum(MEMBER_ROLES)).refine((list) => new Set(list).size === list.length, reason('validation.duplicateId')),
  /** The day (YYYY-MM-DD) by which they must have passed it; null: no date. */
  verificationDueBy: isoDay.nullable(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

export const updateSecurityPolicySchema = securityPolicySchema
  .partial()
  .refine((v) => Object.values(v as Record<string, unknown>).some((x) => x !== undefined), {
    message: reason('validation.changeSomething'),
  });
export type UpdateSecurityPolicyRequest = z.input<typeof updateSecurityPolicySchema>;

export const securityPolicyAnswerSchema = securityPolicySchema.extend({ updatedAt: z.string().nullable() });
export type SecurityPolicyAnswer = z.infer<typeof securityPolicyAnswerSchema>;

/** A support PIN as typed: 4 to 8 digits. */
export const pinSchema = z
  .string({ error: reason('security.pinFormat') })
  .regex(new RegExp(`^\\d{${SECURITY_LIMITS.pinMinDigits},${SECURITY_LIMITS.pinMaxDigits}}$`), reason('security.pinFormat'));

export const setPinSchema = z
  .object({ pin: pinSchema, confirmPin: z.string({ error: reason('validation.required') }).min(1, reason('validation.required')) })
  .refine((v) => v.pin === v.confirmPin, { message: reason('security.pinsMismatch'), path: ['confirmPin'] });
export type SetPinRequest = z.input<typeof setPinSchema>;

export const myPinSchema = z.object({ hasPin: z.boolean(), setAt: z.string().nullable(), required: z.boolean() });
export type MyPin = z.infer<typeof myPinSchema>;

export const pinMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  hasPin: z.boolean(),
  setAt: z.string().nullable(),
});
export const pinMembersSchema = z.object({ required: z.boolean(), items: z.array(pinMemberSchema) });
export type PinMember = z.infer<typeof pinMemberSchema>;
export type PinMembers = z.infer<typeof pinMembersSchema>;

/** The PIN a caller said, checked by a support operator. Any input up to 16 characters is checked (and counted). */
export const pinCheckSchema = z.object({
  userId: z.uuid(reason('security.chooseUser')),
  pin: z
    .string({ error: reason('validation.required') })
    .trim()
    .min(1, reason('validation.required'))
    .max(16, reason('security.pinFormat')),
});
export type PinCheckRequest = z.input<typeof pinCheckSchema>;
export const pinCheckResultSchema = z.object({ match: z.boolean() });
export type PinCheckResult = z.infer<typeof pinCheckResultSchema>;

export const pinResetSchema = z.object({ userId: z.uuid(reason('security.chooseUser')) });
export type PinResetRequest = z.input<typeof pinResetSchema>;

export const ID_VERIFICATION_STATES = ['draft', 'submitted', 'in_review', 'approved', 'rejected', 'more_info'] as const;
export type IdVerificationState = (typeof ID_VERIFICATION_STATES)[number];
/** The two images of a case: the document, and a selfie or the document's back. */
export const ID_IMAGE_SLOTS = ['document', 'second'] as const;
export type IdImageSlot = (typeof ID_IMAGE_SLOTS)[number];
export const ID_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ID_IMAGE_ACCEPT = [...ID_IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** A support operator's lookup of one user (by email). */
export const securityUserQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(reason('validation.email'))),
});
export const securityUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  orgName: z.string().nullable(),
  hasPin: z.boolean(),
  verification: z.enum(ID_VERIFICATION_STATES).nullable(),
});
export type SecurityUser = z.infer<typeof securityUserSchema>;

/** What the app shell and the dashboard tell a member they must still do. */
export const securityNoticesSchema = z.object({
  pinRequired: z.boolean(),
  verification: z.object({
    required: z.boolean(),
    dueBy: z.string().nullable(),
    overdue: z.boolean(),
    state: z.enum(ID_VERIFICATION_STATES).nullable(),
  }),
});
export type SecurityNotices = z.infer<typeof securityNoticesSchema>;

const caseSchema = z.object({
  id: z.uuid(),
  state: z.enum(ID_VERIFICATION_STATES),
  images: z.array(z.enum(ID_IMAGE_SLOTS)),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** What the operator asked for. */
  message: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const myVerificationSchema = z.object({
  required: z.boolean(),
  dueBy: z.string().nullable(),
  case: caseSchema.nullable(),
});
export type MyVerification = z.infer<typeof myVerificationSchema>;
export type IdVerificationCase = z.infer<typeof caseSchema>;

export const verificationCaseSchema = caseSchema.extend({
  member: z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
  orgName: z.string(),
  claimedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  claimedAt: z.string().nullable(),
  decidedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** SHA-256 (hex) of each image as uploaded; they stay after the images are deleted. */
  hashes: z.partialRecord(z.enum(ID_IMAGE_SLOTS), z.string()),
});
export type VerificationCase = z.infer<typeof verificationCaseSchema>;
export const verificationQueueSchema = z.object({ items: z.array(verificationCaseSchema) });
export type VerificationQueue = z.infer<typeof verificationQueueSchema>;

export const VERIFICATION_QUEUE_VIEWS = ['open', 'decided'] as const;
export const verificationQueueQuerySchema = z.object({ view: z.enum(VERIFICATION_QUEUE_VIEWS).default('open') });

const decisionText = z
  .string({ error: reason('validation.required') })
  .trim()
  .min(SECURITY_LIMITS.decisionTextMin, reason('validation.minLength'))
  .max(SECURITY_LIMITS.decisionTextMax, reason('validation.maxLength'));
export const rejectVerificationSchema = z.object({ reason: decisionText });
export type RejectVerificationRequest = z.input<typeof rejectVerificationSchema>;
export const requestInfoSchema = z.object({ message: decisionText });
export type RequestInfoRequest = z.input<typeof requestInfoSchema>;

export const imageLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ImageLink = z.infer<typeof imageLinkSchema>;

export const securityEndpoints = {
  policy: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/policy',
    tag: 'security',
    summary: "The organisation's security policy (ADMIN)",
    response: securityPolicyAnswerSchema,
  }),
  updatePolicy: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/security/policy',
    tag: 'security',
    summary: 'Changes the security policy (ADMIN); audited; a new default auto-lock reaches every member session',
    body: updateSecurityPolicySchema,
    response: securityPolicyAnswerSchema,
  }),
  pinMembers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/security/pins',
    tag: 'security',
    summary: 'Who of the organisation has a support PIN (ADMIN); never the PIN',
    response: pinMembersSchema,
  }),
  notices: defineEndpoint({
    method: 'GET',
    path: '/api/security/notices',
    tag: 'security',
    summary: 'What the signed-in member must still do: set a PIN, pass ID verification',
    response: securityNoticesSchema,
  }),
  myPin: defineEndpoint({
    method: 'GET',
    path: '/api/security/pin',
    tag: 'security',
    summary: 'Whether the signed-in member has a support PIN',
    response: myPinSchema,
  }),
  setPin: defineEndpoint({
    method: 'PUT',
    path: '/api/security/pin',
    tag: 'security',
    summary: 'Sets or changes the support PIN (4–8 digits, stored as an argon2 hash)',
    body: setPinSchema,
    response: myPinSchema,
  }),
  findUser: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/security/user',
    tag: 'security',
    summary: 'A user by email, for a support operator verifying a caller (SYSOPS and above)',
    query: securityUserQuerySchema,
    response: securityUserSchema,
  }),
  checkPin: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/security/pin-check',
    tag: 'security',
    summary: "Checks the PIN a caller said (SYSOPS and above); 5 tries per member per 15 minutes; on the member's timeline",
    body: pinCheckSchema,
    response: pinCheckResultSchema,
  }),
  resetPin: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/security/pin-reset',
    tag: 'security',
    summary: "Removes a member's support PIN (SYSOPS and above); audited",
    body: pinResetSchema,
    response: securityUserSchema,
  }),
  myVerification: defineEndpoint({
    method: 'GET',
    path: '/api/id-verification',
    tag: 'id-verification',
    summary: "The signed-in member's ID verification: duty, state and the operator's reason or message",
    response: myVerificationSchema,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/id-verification/images/:slot',
    tag: 'id-verification',
    status: 201,
    summary: 'Uploads the document or the second image (multipart "file": JPEG, PNG or WebP, at most 10 MB; metadata removed)',
    response: myVerificationSchema,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/id-verification/submit',
    tag: 'id-verification',
    summary: 'Sends both images for review',
    response: myVerificationSchema,
  }),
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/id-verification',
    tag: 'id-verification',
    summary: 'The ID verification queue, oldest first (SYSOPS and above); decided: the latest decisions',
    query: verificationQueueQuerySchema,
    response: verificationQueueSchema,
  }),
  case: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/id-verification/:id',
    tag: 'id-verification',
    summary: 'One case (SYSOPS and above)',
    response: verificationCaseSchema,
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/id-verification/:id/claim',
    tag: 'id-verification',
    summary: 'Claims a submitted case: it is in review by this operator',
    response: verificationCaseSchema,
  }),
  imageLink: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/id-verification/:id/images/:slot/link',
    tag: 'id-verification',
    summary: "A one-time link to a case's image, valid 5 minutes, for the operator who claimed it; audited",
    response: imageLinkSchema,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/sysops/id-verification/image/:token',
    tag: 'id-verification',
    summary: 'The image behind a one-time link (the operator who asked for it)',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/id-verification/:id/approve',
    tag: 'id-verification',
    summary: 'Approves a claimed case; the images are deleted, their hashes stay',
    response: verificationCaseSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/id-verification/:id/reject',
    tag: 'id-verification',
    summary: 'Rejects a claimed case with a reason the member sees; the images are deleted, their hashes stay',
    body: rejectVerificationSchema,
    response: verificationCaseSchema,
  }),
  requestInfo: defineEndpoint({
    method: 'POST',
    path: '/api/sysops/id-verification/:id/request-info',
    tag: 'id-verification',
    summary: 'Asks the member for more (a message they see); they upload again',
    body: requestInfoSchema,
    response: verificationCaseSchema,
  }),
};
