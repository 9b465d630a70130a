import { SCIM_LIMITS, SCIM_SCHEMA_IDS } from '@muster/contracts';
import { scimmy } from './scim-core.js';

/** RFC 7644 §4 discovery: what this service provider supports, its resource types and their schemas. */

export function serviceProviderConfig(base: string): Record<string, unknown> {
  return {
    schemas: [SCIM_SCHEMA_IDS.serviceProviderConfig],
    documentationUri: `${base.replace(/\/api\/scim\/v2$/, '')}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_LIMITS.maxPageSize },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A SCIM token created on the SCIM page of Muster, sent as "Authorization: Bearer <token>"',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string): Record<string, unknown>[] {
  return [
    {
      schemas: [SCIM_SCHEMA_IDS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organisation',
      schema: SCIM_SCHEMA_IDS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMA_IDS.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMA_IDS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A group of members; it may grant a Muster role',
      schema: SCIM_SCHEMA_IDS.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function schemas(base: string): Record<string, unknown>[] {
  const S = scimmy();
  const user = S.Schemas.User.definition.describe(`${base}/Schemas`) as { attributes: { name: string }[] } & Record<string, unknown>;
  return [
    { ...user, attributes: user.attributes.filter((a) => !a.name.startsWith('urn:')) },
    S.Schemas.EnterpriseUser.definition.describe(`${base}/Schemas`),
    S.Schemas.Group.definition.describe(`${base}/Schemas`),
  ];
}
