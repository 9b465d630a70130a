import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';

/**
 * SCIM 2.0 provisioning (RFC 7643/7644): per-organisation bearer tokens for an identity provider
 * (Okta, Microsoft Entra, …) that creates, changes and removes the organisation's members through
 * `/api/scim/v2/*`. This file is the admin API of `/app/admin/scim`; the protocol endpoints answer
 * SCIM's own JSON (`application/scim+json`), described by `SCIM_SCHEMA_IDS`.
 */

export const SCIM_SCHEMA_IDS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** Where the protocol lives (the public origin goes before it). */
export const SCIM_BASE_PATH = '/api/scim/v2';

export const SCIM_LIMITS = {
  tokensPerOrg: 20,
  nameMax: 80,
  /** Requests kept in the log shown on the admin page, per organisation. */
  requestLog: 100,
  /** Requests per token per minute (429 with Retry-After beyond). */
  requestsPerMinute: 600,
  /** The most resources one page of a list answers. */
  maxPageSize: 200,
  /** `last_used_at` is written at most this often. */
  lastUsedEveryMs: 60_000,
} as const;

/** The roles a SCIM group may grant (organisation roles only). */
export const SCIM_MAPPABLE_ROLES = ['ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER'] as const;
export type ScimMappableRole = (typeof SCIM_MAPPABLE_ROLES)[number];

export const createScimTokenSchema = z.object({
  name: z
    .string({ error: reason('validation.enterName') })
    .trim()
    .min(1, reason('validation.enterName'))
    .max(SCIM_LIMITS.nameMax, reason('validation.atMostCharacters')),
});
export type CreateScimTokenInput = z.input<typeof createScimTokenSchema>;

export const setScimGroupRoleSchema = z.object({
  /** null: the group grants no role. */
  role: z.enum(SCIM_MAPPABLE_ROLES, { error: reason('validation.chooseOneOf') }).nullable(),
});
export type SetScimGroupRoleInput = z.input<typeof setScimGroupRoleSchema>;

export const scimTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the token (`mscim_AbC1…`); the whole token is shown once. */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimTokenRevealSchema = z.object({ token: scimTokenSchema, secret: z.string() });
export type ScimTokenReveal = z.infer<typeof scimTokenRevealSchema>;

export const scimUserRowSchema = z.object({
  id: z.uuid(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  role: z.string().nullable(),
  updatedAt: z.string(),
});
export type ScimUserRow = z.infer<typeof scimUserRowSchema>;

export const scimGroupRowSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  members: z.number().int(),
  role: z.enum(SCIM_MAPPABLE_ROLES).nullable(),
  updatedAt: z.string(),
});
export type ScimGroupRow = z.infer<typeof scimGroupRowSchema>;

export const SCIM_REQUEST_OUTCOMES = ['success', 'failure'] as const;

export const scimRequestRowSchema = z.object({
  id: z.uuid(),
  tokenName: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  outcome: z.enum(SCIM_REQUEST_OUTCOMES),
  durationMs: z.number().int(),
  at: z.string(),
});
export type ScimRequestRow = z.infer<typeof scimRequestRowSchema>;

export const scimOverviewSchema = z.object({
  /** `<public origin>/api/scim/v2`: what the identity provider is given. */
  endpoint: z.string(),
  tokens: z.array(scimTokenSchema),
  users: z.array(scimUserRowSchema),
  groups: z.array(scimGroupRowSchema),
});
export type ScimOverview = z.infer<typeof scimOverviewSchema>;

export const scimRequestListSchema = z.object({ items: z.array(scimRequestRowSchema) });
export type ScimRequestList = z.infer<typeof scimRequestListSchema>;

export const scimEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/scim',
    summary: 'SCIM provisioning: the endpoint, tokens, provisioned users and groups',
    tag: 'scim',
    response: scimOverviewSchema,
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/admin/scim/requests',
    summary: 'The last SCIM requests of the organisation, newest first',
    tag: 'scim',
    response: scimRequestListSchema,
  }),
  createToken: defineEndpoint({
    method: 'POST',
    path: '/api/admin/scim/tokens',
    summary: 'A new SCIM bearer token; the answer carries it, shown this once',
    tag: 'scim',
    status: 201,
    body: createScimTokenSchema,
    response: scimTokenRevealSchema,
  }),
  revokeToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/scim/tokens/:id',
    summary: 'Revokes a SCIM token at once',
    tag: 'scim',
    status: 204,
  }),
  setGroupRole: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/scim/groups/:id/role',
    summary: "Sets the Muster role a SCIM group grants; its members' roles are recomputed",
    tag: 'scim',
    body: setScimGroupRoleSchema,
    response: scimGroupRowSchema,
  }),
} as const;
