import type { SamlProvider } from '@muster/contracts';
import { createInputOf, updateInputOf } from './ProviderDialog';

const provider: SamlProvider = {
  id: '5b0c1f7e-3c55-4a4e-9f57-1f3a9c1d2e01',
  name: 'Okta',
  idpEntityId: 'http://www.okta.com/exk1',
  ssoUrl: 'https://harbor.okta.example/app/sso/saml',
  sloUrl: null,
  certificates: [{ fingerprint: 'AB:CD', subject: 'CN=okta', notAfter: '2030-01-01T00:00:00.000Z', expired: false }],
  metadataSource: 'url',
  metadataUrl: 'https://harbor.okta.example/app/metadata',
  metadataRefreshedAt: null,
  metadataRefreshError: null,
  emailDomains: ['harborpoint.example'],
  defaultRole: 'USER',
  groupAttribute: 'groups',
  groupMappings: [{ group: 'Port managers', role: 'MANAGER' }],
  allowIdpInitiated: false,
  enabled: true,
  lastSignInAt: null,
  sp: { entityId: 'sp', acsUrl: 'acs', sloUrl: 'slo', metadataUrl: 'meta' },
};

const values = {
  source: 'url' as const,
  name: 'Okta (production)',
  metadataXml: '',
  metadataUrl: 'https://harbor.okta.example/app/metadata',
  idpEntityId: provider.idpEntityId,
  ssoUrl: provider.ssoUrl,
  sloUrl: '',
  certificate: '',
  emailDomains: 'harborpoint.example, ops.harborpoint.example',
  defaultRole: 'USER' as const,
  groupAttribute: 'groups',
  groupMappings: [
    { group: 'Port managers', role: 'MANAGER' as const },
    { group: '  ', role: 'ADMIN' as const },
  ],
  allowIdpInitiated: true,
};

describe('the identity provider form', () => {
  it('creates from the chosen source only, with the domains split and blank mappings left out', () => {
    expect(createInputOf({ ...values, source: 'xml', metadataXml: '<md/>' })).toEqual({
      name: 'Okta (production)',
      metadataXml: '<md/>',
      emailDomains: ['harborpoint.example', 'ops.harborpoint.example'],
      defaultRole: 'USER',
      groupAttribute: 'groups',
      groupMappings: [{ group: 'Port managers', role: 'MANAGER' }],
      allowIdpInitiated: true,
    });
  });

  it('edits the settings without re-reading an unchanged metadata URL', () => {
    const body = updateInputOf(values, provider);
    expect(body).not.toHaveProperty('metadataUrl');
    expect(body).toMatchObject({ name: 'Okta (production)', allowIdpInitiated: true });
  });

  it('re-reads a changed metadata URL, and replaces the metadata only when new XML is pasted', () => {
    expect(updateInputOf({ ...values, metadataUrl: 'https://harbor.okta.example/v2/metadata' }, provider)).toMatchObject({
      metadataUrl: 'https://harbor.okta.example/v2/metadata',
    });
    expect(updateInputOf({ ...values, source: 'xml' }, provider)).not.toHaveProperty('metadataXml');
    expect(updateInputOf({ ...values, source: 'xml', metadataXml: '<md/>' }, provider)).toMatchObject({ metadataXml: '<md/>' });
  });

  it('keeps the certificates of a manual provider when the certificate box is left empty', () => {
    const manual = updateInputOf({ ...values, source: 'manual', sloUrl: 'https://harbor.okta.example/slo' }, provider);
    expect(manual).toMatchObject({ idpEntityId: provider.idpEntityId, sloUrl: 'https://harbor.okta.example/slo' });
    expect(manual).not.toHaveProperty('certificates');
    expect(updateInputOf({ ...values, source: 'manual', certificate: 'MIIC' }, provider)).toMatchObject({ certificates: ['MIIC'] });
  });
});
