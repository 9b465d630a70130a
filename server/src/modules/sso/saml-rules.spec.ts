import { generateKeyPairSync } from 'node:crypto';
import { mappedRole, refusalOf, safeReturnPath } from './saml-rules.js';
import { parseCertificate, selfSignedCertificate } from './saml-cert.js';
import { assertSafeXml, decodeSamlMessage, parseIdpMetadata } from './saml-xml.js';

describe('SAML rules', () => {
  it('maps groups to the highest-ranked mapped role, or none', () => {
    const mappings = [
      { group: 'ops', role: 'USER' as const },
      { group: 'leads', role: 'MANAGER' as const },
      { group: 'it', role: 'ADMIN' as const },
    ];
    expect(mappedRole(['ops', 'leads'], mappings)).toBe('MANAGER');
    expect(mappedRole(['leads', 'it', 'ops'], mappings)).toBe('ADMIN');
    expect(mappedRole(['unmapped'], mappings)).toBeNull();
  });

  it('returns only to same-site app paths', () => {
    expect(safeReturnPath('/app/drills?x=1')).toBe('/app/drills?x=1');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '/api/auth/logout', 'app', '/a\nb', 7]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it("names node-saml's refusals", () => {
    expect(refusalOf('Invalid signature')).toBe('signature');
    expect(refusalOf('SAML assertion audience mismatch. Expected: x')).toBe('audience');
    expect(refusalOf('SAML assertion expired: clocks skewed too much')).toBe('expired');
    expect(refusalOf('InResponseTo is not valid')).toBe('in_response_to');
    expect(refusalOf('Unknown SAML issuer. Expected: x')).toBe('issuer');
    expect(refusalOf('something else')).toBe('unknown');
  });
});

describe('SAML certificates and XML', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const notAfter = new Date('2036-01-01T00:00:00Z');
  const pem = selfSignedCertificate({ privateKey, commonName: 'idp.example', notBefore: new Date('2026-01-01T00:00:00Z'), notAfter });

  it('makes a certificate node:crypto reads back, with its expiry and fingerprint', () => {
    const cert = parseCertificate(pem)!;
    expect(cert.notAfter).toBe(notAfter.toISOString());
    expect(cert.subject).toContain('CN=idp.example');
    expect(cert.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(parseCertificate('not a certificate')).toBeNull();
  });

  it('refuses DTDs, entities and oversized documents before parsing', () => {
    expect(() => assertSafeXml('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow(expect.objectContaining({ reason: 'saml.malformed' }));
    expect(() => decodeSamlMessage(Buffer.from(`<a>${'x'.repeat(600 * 1024)}</a>`).toString('base64'))).toThrow(
      expect.objectContaining({ reason: 'saml.tooLarge' }),
    );
    expect(() => decodeSamlMessage('%%%')).toThrow(expect.objectContaining({ reason: 'saml.malformed' }));
  });

  it('reads an IdP from its metadata', async () => {
    const der = pem.replace(/-----[A-Z ]+-----|\s/g, '');
    const xml = `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example/e"><IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"><KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${der}</X509Certificate></X509Data></KeyInfo></KeyDescriptor><SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/slo"/><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example/post"/><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/></IDPSSODescriptor></EntityDescriptor>`;
    await expect(parseIdpMetadata(xml)).resolves.toMatchObject({
      entityId: 'https://idp.example/e',
      ssoUrl: 'https://idp.example/sso',
      sloUrl: 'https://idp.example/slo',
      certificates: [{ der }],
    });
    await expect(parseIdpMetadata('<EntityDescriptor entityID="x"/>')).rejects.toMatchObject({ reason: 'saml.metadataInvalid' });
  });
});
