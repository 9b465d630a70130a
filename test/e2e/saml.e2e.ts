import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { signXml } from '@node-saml/node-saml/lib/xml.js';
import { expect, test } from '@playwright/test';
import { selfSignedCertificate } from '../../server/src/modules/sso/saml-cert';
import { csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const newId = (): string => `_${randomBytes(16).toString('hex')}`;
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A tiny identity provider on 127.0.0.1: its metadata, and a sign-in page that answers an
 * AuthnRequest (HTTP-Redirect) with a signed assertion for `user`, posted by the browser to the ACS.
 */
async function startIdp(user: { email: string; groups: string[] }): Promise<{ server: Server; metadata: string }> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Date.now();
  const certificate = selfSignedCertificate({
    privateKey,
    commonName: 'Test IdP',
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 365 * 86_400_000),
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = url.searchParams.get('SAMLRequest');
    if (url.pathname !== '/sso' || !request) {
      res.writeHead(404).end();
      return;
    }
    const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    const requestId = /\sID="([^"]+)"/.exec(xml)![1]!;
    const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)![1]!;
    const audience = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)![1]!;
    const issued = new Date();
    const until = new Date(issued.getTime() + 5 * 60_000);
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${iso(issued)}"><saml:Issuer>${entityId}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${user.email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(until)}" Recipient="${acs}" InResponseTo="${requestId}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(new Date(issued.getTime() - 60_000))}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(issued)}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement><saml:Attribute Name="groups">${user.groups.map((g) => `<saml:AttributeValue>${g}</saml:AttributeValue>`).join('')}</saml:Attribute></saml:AttributeStatement></saml:Assertion>`;
    const signed = signXml(
      assertion,
      "//*[local-name(.)='Assertion']",
      { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      {
        privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }),
        signatureAlgorithm: 'sha256',
        digestAlgorithm: 'sha256',
      },
    );
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newId()}" Version="2.0" IssueInstant="${iso(issued)}" Destination="${acs}" InResponseTo="${requestId}">` +
      `<saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><h1>Test IdP</h1><p>Signed in as ${user.email}</p>` +
        `<form method="post" action="${escape(acs)}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(response).toString('base64')}">` +
        `<input type="hidden" name="RelayState" value="${escape(url.searchParams.get('RelayState') ?? '')}"><button type="submit">Continue to Muster</button></form></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const entityId = `http://127.0.0.1:${String(port)}/idp`;
  const der = certificate.replace(/-----[A-Z ]+-----|\s/g, '');
  const metadata =
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http://127.0.0.1:${String(port)}/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
  return { server, metadata };
}

/**
 * SAML end to end: an administrator pastes the test IdP's metadata on /app/admin/saml, signs out,
 * signs in again with "Sign in with SSO" through the IdP's page, lands in the app, and sees the
 * sign-in on the health panel.
 */
test('an administrator configures an IdP from its metadata, signs in through it and sees the health panel', async ({ page }) => {
  test.setTimeout(30_000);
  const domain = `sso-${randomBytes(4).toString('hex')}.example`;
  const email = `harbour.admin@${domain}`;
  const password = 'Sso-Harbour-Pass-42!';
  const idp = await startIdp({ email, groups: ['muster-admins'] });
  try {
    // A refused answer comes back to the login page with its reason, translated (Arabic, phone width).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login?lng=ar&sso_error=replay');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('sso-error')).toBeVisible();
    await expect(page.getByTestId('sso-submit')).toBeVisible();
    await page.screenshot({ path: 'test-results/saml-login-ar-390.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/?lng=en');
    const registered = await page.request.post('/api/auth/register', {
      headers: await csrfHeaders(page.request),
      data: { organizationName: 'Single Sign-On Harbour', email, password, confirmPassword: password },
    });
    expect(registered.status()).toBe(201);
    await signInAs(page, email, password);

    await page.goto('/app/admin/saml?lng=en');
    await expect(page.getByTestId('saml-empty')).toBeVisible();
    await page.getByTestId('saml-add').click();
    await page.getByTestId('saml-name').fill('Harbour IdP');
    await page.getByTestId('saml-metadata-xml').fill(idp.metadata);
    await page.getByTestId('saml-domains').fill(domain);
    await page.getByTestId('saml-save').click();
    const card = page.getByTestId('saml-provider');
    await expect(card).toContainText('Harbour IdP');
    await expect(card.getByTestId('saml-certificates')).toContainText('Valid');
    await expect(card.getByTestId('saml-sp-metadata')).toHaveAttribute('href', /\/api\/sso\/saml\/[0-9a-f-]+\/metadata\?download=1$/);

    // Edited in place: the settings change, the metadata (left empty) is kept.
    await card.getByTestId('saml-edit').click();
    const form = page.getByTestId('saml-provider-form');
    await expect(page.getByTestId('saml-name')).toHaveValue('Harbour IdP');
    await expect(page.getByTestId('saml-domains')).toHaveValue(domain);
    await page.getByTestId('saml-name').fill('Harbour IdP (production)');
    await page.getByTestId('saml-save').click();
    await expect(form).toBeHidden();
    await expect(card).toContainText('Harbour IdP (production)');
    await expect(card.getByTestId('saml-certificates')).toContainText('Valid');

    // Out, and in again through the identity provider.
    await page.request.post('/api/auth/logout', { headers: await csrfHeaders(page.request) });
    await page.goto('/login?lng=en');
    await page.getByTestId('login-tab-sso').click();
    await page.getByTestId('sso-email').fill(email);
    await page.getByTestId('sso-submit').click();
    await expect(page.getByRole('heading', { name: 'Test IdP' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Muster' }).click();
    await page.waitForURL(/\/app\/dashboard/);

    await page.goto('/app/admin/saml?lng=en');
    const health = page.getByTestId('saml-health');
    await expect(health.getByTestId('saml-events')).toContainText('Signed in');
    await expect(health.getByTestId('saml-events')).toContainText(email);
    await expect(page.getByTestId('saml-provider')).not.toContainText('never');
    await page.screenshot({ path: 'test-results/saml-admin-en.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/admin/saml?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('saml-events')).toBeVisible();
    await page.screenshot({ path: 'test-results/saml-admin-ar-390.png', fullPage: true });
  } finally {
    idp.server.close();
  }
});
