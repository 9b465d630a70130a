import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';

/**
 * SAML single sign-on (issue 21): an organisation's identity providers, Muster's service-provider
 * metadata, SSO enforcement with break-glass admins, and the health panel's sign-in events.
 */

/** The organisation roles an IdP group may map to (platform roles and guest auditors never). */
export const SAML_ROLES = ['ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER'] as const;
export type SamlRole = (typeof SAML_ROLES)[number];

export const SAML_METADATA_SOURCES = ['xml', 'url', 'manual'] as const;
export type SamlMetadataSource = (typeof SAML_METADATA_SOURCES)[number];

/** Why an assertion was refused (the health panel and the login page's `?sso_error=`). */
export const SAML_REFUSALS = [
  'signature',
  'certificate',
  'audience',
  'recipient',
  'expired',
  'replay',
  'in_response_to',
  'issuer',
  'malformed',
  'idp_initiated',
  'status',
  'no_email',
  'wrong_organization',
  'seats',
  'inactive',
  'disabled',
  'unknown',
] as const;
export type SamlRefusal = (typeof SAML_REFUSALS)[number];

export const SAML_EVENT_OUTCOMES = ['success', 'refused', 'test'] as const;
export type SamlEventOutcome = (typeof SAML_EVENT_OUTCOMES)[number];

export const SAML_LIMITS = {
  providersPerOrg: 5,
  nameMax: 80,
  urlMax: 2_000,
  entityIdMax: 1_000,
  /** A SAMLResponse or metadata document, decoded. */
  maxXmlBytes: 512 * 1024,
  certificatesMax: 4,
  certificateMax: 16_000,
  domainsMax: 20,
  mappingsMax: 50,
  groupMax: 256,
  breakGlassMax: 5,
  /** Clock skew accepted on NotBefore/NotOnOrAfter. */
  clockSkewMs: 60_000,
  /** An AuthnRequest id is remembered this long (the user has this long to sign in at the IdP). */
  requestTtlMs: 10 * 60_000,
  /** An assertion id is remembered until its NotOnOrAfter, at most this long. */
  replayTtlMaxMs: 24 * 3_600_000,
  /** The health panel's last events. */
  eventsShown: 20,
} as const;

const httpsUrl = z
  .string({ error: reason('saml.invalidUrl') })
  .trim()
  .max(SAML_LIMITS.urlMax, reason('validation.atMostCharacters'))
  .pipe(z.url({ protocol: /^https?$/, error: reason('saml.invalidUrl') }));

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, reason('saml.invalidDomain'));

const mapping = z.object({
  group: z.string().trim().min(1, reason('saml.groupRequired')).max(SAML_LIMITS.groupMax, reason('validation.atMostCharacters')),
  role: z.enum(SAML_ROLES, { error: reason('validation.chooseOneOf') }),
});

const providerFields = {
  name: z
    .string({ error: reason('validation.enterName') })
    .trim()
    .min(1, reason('validation.enterName'))
    .max(SAML_LIMITS.nameMax, reason('validation.atMostCharacters')),
  /** The IdP's metadata document (pasted or read from an uploaded file). */
  metadataXml: z.string().max(SAML_LIMITS.maxXmlBytes, reason('saml.tooLarge')),
  /** Where the IdP publishes its metadata (fetched now and daily). */
  metadataUrl: httpsUrl,
  idpEntityId: z
    .string()
    .trim()
    .min(1, reason('saml.entityIdRequired'))
    .max(SAML_LIMITS.entityIdMax, reason('validation.atMostCharacters')),
  ssoUrl: httpsUrl,
  sloUrl: z.union([z.literal(''), httpsUrl]),
  /** PEM or bare base64 X.509 certificates the IdP signs with. */
  certificates: z
    .array(z.string().trim().min(1).max(SAML_LIMITS.certificateMax, reason('validation.atMostCharacters')))
    .max(SAML_LIMITS.certificatesMax, reason('saml.tooManyCertificates')),
  emailDomains: z.array(domain).max(SAML_LIMITS.domainsMax, reason('saml.tooManyDomains')),
  defaultRole: z.enum(SAML_ROLES, { error: reason('validation.chooseOneOf') }),
  groupAttribute: z.string().trim().min(1, reason('saml.groupAttributeRequired')).max(SAML_LIMITS.groupMax),
  groupMappings: z.array(mapping).max(SAML_LIMITS.mappingsMax, reason('saml.tooManyMappings')),
  allowIdpInitiated: z.boolean({ error: reason('validation.trueOrFalse') }),
  enabled: z.boolean({ error: reason('validation.trueOrFalse') }),
};

/** A provider from metadata (XML or URL) or by hand: exactly one source. */
export const createSamlProviderSchema = z
  .object({
    name: providerFields.name,
    metadataXml: providerFields.metadataXml.optional(),
    metadataUrl: providerFields.metadataUrl.optional(),
    idpEntityId: providerFields.idpEntityId.optional(),
    ssoUrl: providerFields.ssoUrl.optional(),
    sloUrl: providerFields.sloUrl.optional(),
    certificates: providerFields.certificates.optional(),
    emailDomains: providerFields.emailDomains.default([]),
    defaultRole: providerFields.defaultRole.default('USER'),
    groupAttribute: providerFields.groupAttribute.default('groups'),
    groupMappings: providerFields.groupMappings.default([]),
    allowIdpInitiated: providerFields.allowIdpInitiated.default(false),
    enabled: providerFields.enabled.default(true),
  })
  .refine((b) => Boolean(b.metadataXml?.trim()) || Boolean(b.metadataUrl) || Boolean(b.idpEntityId && b.ssoUrl && b.certificates?.length), {
    message: reason('saml.sourceRequired'),
  });
export type CreateSamlProviderInput = z.input<typeof createSamlProviderSchema>;

export const updateSamlProviderSchema = z
  .object({
    name: providerFields.name.optional(),
    metadataXml: providerFields.metadataXml.optional(),
    metadataUrl: providerFields.metadataUrl.optional(),
    idpEntityId: providerFields.idpEntityId.optional(),
    ssoUrl: providerFields.ssoUrl.optional(),
    sloUrl: providerFields.sloUrl.optional(),
    certificates: providerFields.certificates.optional(),
    emailDomains: providerFields.emailDomains.optional(),
    defaultRole: providerFields.defaultRole.optional(),
    groupAttribute: providerFields.groupAttribute.optional(),
    groupMappings: providerFields.groupMappings.optional(),
    allowIdpInitiated: providerFields.allowIdpInitiated.optional(),
    enabled: providerFields.enabled.optional(),
  })
  .refine((b) => Object.values(b as Record<string, unknown>).some((v) => v !== undefined), {
    message: reason('validation.nothingToChange'),
  });
export type UpdateSamlProviderInput = z.input<typeof updateSamlProviderSchema>;

export const samlCertificateSchema = z.object({
  fingerprint: z.string(),
  subject: z.string(),
  notAfter: z.string(),
  expired: z.boolean(),
});
export type SamlCertificate = z.infer<typeof samlCertificateSchema>;

export const samlProviderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  idpEntityId: z.string(),
  ssoUrl: z.string(),
  sloUrl: z.string().nullable(),
  certificates: z.array(samlCertificateSchema),
  metadataSource: z.enum(SAML_METADATA_SOURCES),
  metadataUrl: z.string().nullable(),
  metadataRefreshedAt: z.string().nullable(),
  metadataRefreshError: z.string().nullable(),
  emailDomains: z.array(z.string()),
  defaultRole: z.enum(SAML_ROLES),
  groupAttribute: z.string(),
  groupMappings: z.array(mapping),
  allowIdpInitiated: z.boolean(),
  enabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Muster's side, for the IdP admin. */
  sp: z.object({ entityId: z.string(), acsUrl: z.string(), sloUrl: z.string(), metadataUrl: z.string() }),
});
export type SamlProvider = z.infer<typeof samlProviderSchema>;

export const samlEventSchema = z.object({
  id: z.uuid(),
  providerId: z.uuid().nullable(),
  providerName: z.string().nullable(),
  outcome: z.enum(SAML_EVENT_OUTCOMES),
  reason: z.enum(SAML_REFUSALS).nullable(),
  subject: z.string().nullable(),
  createdAt: z.string(),
});
export type SamlEvent = z.infer<typeof samlEventSchema>;

export const ssoSettingsSchema = z.object({
  enforced: z.boolean(),
  breakGlassUserIds: z.array(z.uuid()),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const updateSsoSettingsSchema = z.object({
  enforced: z.boolean({ error: reason('validation.trueOrFalse') }),
  breakGlassUserIds: z
    .array(z.uuid({ error: reason('saml.unknownAdmin') }))
    .max(SAML_LIMITS.breakGlassMax, reason('saml.tooManyBreakGlass')),
});
export type UpdateSsoSettingsInput = z.input<typeof updateSsoSettingsSchema>;

export const samlOverviewSchema = z.object({
  providers: z.array(samlProviderSchema),
  settings: ssoSettingsSchema,
  /** The organisation's active admins (break-glass candidates). */
  admins: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  events: z.array(samlEventSchema),
  spCertificate: samlCertificateSchema,
});
export type SamlOverview = z.infer<typeof samlOverviewSchema>;

export const ssoDiscoverSchema = z.object({
  email: z
    .string({ error: reason('validation.email') })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: reason('validation.email') })),
  /** A same-site path to land on after signing in. */
  returnTo: z.string().max(500).optional(),
});
export type SsoDiscoverInput = z.input<typeof ssoDiscoverSchema>;

export const ssoRedirectSchema = z.object({ url: z.string() });
export type SsoRedirect = z.infer<typeof ssoRedirectSchema>;

export const samlEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/saml',
    summary: "The organisation's identity providers, SSO enforcement and the last sign-in events",
    tag: 'saml',
    response: samlOverviewSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/saml/providers',
    summary: 'Adds an identity provider from its metadata (XML or URL) or by hand',
    tag: 'saml',
    status: 201,
    body: createSamlProviderSchema,
    response: samlProviderSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/saml/providers/:id',
    summary: 'Changes an identity provider',
    tag: 'saml',
    body: updateSamlProviderSchema,
    response: samlProviderSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/saml/providers/:id',
    summary: 'Removes an identity provider',
    tag: 'saml',
    status: 204,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/saml/providers/:id/refresh',
    summary: "Re-reads the provider's metadata URL now",
    tag: 'saml',
    response: samlProviderSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/saml/providers/:id/test',
    summary: 'Starts a test sign-in: the IdP answer is checked and recorded, no session is opened',
    tag: 'saml',
    response: ssoRedirectSchema,
  }),
  settings: defineEndpoint({
    method: 'PUT',
    path: '/api/saml/settings',
    summary: 'Turns SSO enforcement on or off and names the break-glass admins',
    tag: 'saml',
    body: updateSsoSettingsSchema,
    response: ssoSettingsSchema,
  }),
  discover: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sso/discover',
    summary: "Where to sign in with SSO for this email's domain (the IdP URL)",
    tag: 'saml',
    body: ssoDiscoverSchema,
    response: ssoRedirectSchema,
  }),
  spMetadata: defineEndpoint({
    method: 'GET',
    path: '/api/sso/saml/:id/metadata',
    summary: "Muster's service-provider metadata for this identity provider (XML)",
    tag: 'saml',
  }),
  acs: defineEndpoint({
    method: 'POST',
    path: '/api/sso/saml/:id/acs',
    summary: 'The assertion consumer service (HTTP-POST binding); answers 303',
    tag: 'saml',
  }),
  slo: defineEndpoint({
    method: 'GET',
    path: '/api/sso/saml/:id/slo',
    summary: 'Single logout (HTTP-Redirect binding): LogoutResponse or IdP-initiated LogoutRequest',
    tag: 'saml',
  }),
};
