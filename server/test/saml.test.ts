import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { COOKIES, type SamlOverview, type SamlProvider, type SessionInfo } from '@muster/contracts';
import { SAML } from '@node-saml/node-saml';
import { signXml } from '@node-saml/node-saml/lib/xml.js';
import { selfSignedCertificate } from '../src/modules/sso/saml-cert.js';
import { signUpElsewhere } from './support/accounts.js';
import { clearRedisPrefix, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { TestClient } from './support/client.js';
import { createTestDatabase } from './support/databases.js';
import { expectJson as json } from './support/http.js';

/**
 * SAML single sign-on against an identity provider built in this process: its responses are
 * written and signed here (node-saml's own XML signing, a generated RSA key pair and certificate).
 */

interface Idp {
  entityId: string;
  key: KeyObject;
  certificate: string;
}

function newIdp(entityId: string, validity: { notBefore?: Date; notAfter?: Date } = {}): Idp {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Date.now();
  const certificate = selfSignedCertificate({
    privateKey,
    commonName: entityId,
    notBefore: validity.notBefore ?? new Date(now - 86_400_000),
    notAfter: validity.notAfter ?? new Date(now + 365 * 86_400_000),
  });
  return { entityId, key: privateKey, certificate };
}

interface ResponseOptions {
  email: string;
  acs: string;
  audience: string;
  inResponseTo?: string;
  groups?: string[];
  recipient?: string;
  notOnOrAfter?: Date;
  nameIdXml?: string;
  sign?: 'assertion' | 'none';
  signer?: Idp;
}

const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const id = (): string => `_${randomBytes(16).toString('hex')}`;

/** A SAML Response as an IdP writes it, with the assertion signed (enveloped, exclusive c14n, RSA-SHA256). */
function samlResponse(idp: Idp, o: ResponseOptions): string {
  const now = new Date();
  const until = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const irt = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  const groups = (o.groups ?? []).map((g) => `<saml:AttributeValue>${g}</saml:AttributeValue>`).join('');
  const assertionId = id();
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${idp.entityId}</saml:Issuer>` +
    `<saml:Subject>${o.nameIdXml ?? `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>`}` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(until)}" Recipient="${o.recipient ?? o.acs}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(new Date(now.getTime() - 60_000))}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${o.email}</saml:AttributeValue></saml:Attribute><saml:Attribute Name="groups">${groups}</saml:Attribute></saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const signer = o.signer ?? idp;
  const signed =
    o.sign === 'none'
      ? assertion
      : signXml(
          assertion,
          "//*[local-name(.)='Assertion']",
          { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
          {
            privateKey: signer.key.export({ format: 'pem', type: 'pkcs8' }),
            signatureAlgorithm: 'sha256',
            digestAlgorithm: 'sha256',
          },
        );
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${o.acs}"${irt}>` +
    `<saml:Issuer>${idp.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${signed}</samlp:Response>`
  );
}

const b64 = (xml: string): string => Buffer.from(xml, 'utf8').toString('base64');

/** The AuthnRequest's ID inside an HTTP-Redirect URL. */
function requestIdOf(url: string): string {
  const request = new URL(url).searchParams.get('SAMLRequest')!;
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  return /\sID="([^"]+)"/.exec(xml)![1]!;
}

describe('SAML single sign-on', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ServerProcess;
  let api2: ServerProcess;
  const prefix = uniquePrefix();
  const domain = `harbor-${randomBytes(4).toString('hex')}.example`;
  const idp = newIdp(`https://idp.${domain}/saml`);
  let admin: TestClient;
  let me: SessionInfo;
  let provider: SamlProvider;
  /** Ben, made an ADMIN through the IdP group mapping (IdP-initiated test). */
  let ben: TestClient;

  async function post(base: string, form: Record<string, string>): Promise<Response> {
    return fetch(`${base}/api/sso/saml/${provider.id}/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.elsewhere.example' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
  }

  /** Posts a response to the ACS: where it sends the browser, and the session it opened (if any). */
  async function consume(xml: string, base = api.url!): Promise<{ location: string; client: TestClient | null }> {
    const res = await post(base, { SAMLResponse: b64(xml), RelayState: '/app/drills' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIES.session}=`));
    if (!cookie) return { location, client: null };
    const client = new TestClient(base);
    client.cookies.set(COOKIES.session, cookie.split(';')[0]!.split('=')[1]!);
    return { location, client };
  }

  async function startSignIn(email: string): Promise<string> {
    const res = await json<{ url: string }>(await admin.post('/api/auth/sso/discover', { email }), 200);
    expect(res.url.startsWith(`https://idp.${domain}/sso?SAMLRequest=`)).toBe(true);
    return requestIdOf(res.url);
  }

  const base = (o: Partial<ResponseOptions> & { email: string }): ResponseOptions => ({
    acs: provider.sp.acsUrl,
    audience: provider.sp.entityId,
    ...o,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { AUTH_ATTEMPTS_PER_IP: '10000', SIEM_ALLOWED_NETWORKS: '127.0.0.1/32' };
    [api, api2] = await Promise.all([
      startServer({ databaseUrl: db.url, prefix, env }),
      startServer({ databaseUrl: db.url, prefix, role: 'api', env }),
    ]);
    admin = await signUpElsewhere(api.url!);
    me = await json<SessionInfo>(await admin.get('/api/auth/me'), 200);
    provider = await json<SamlProvider>(
      await admin.post('/api/saml/providers', {
        name: 'Test IdP',
        idpEntityId: idp.entityId,
        ssoUrl: `https://idp.${domain}/sso`,
        certificates: [idp.certificate],
        emailDomains: [domain],
        groupMappings: [
          { group: 'muster-managers', role: 'MANAGER' },
          { group: 'muster-admins', role: 'ADMIN' },
        ],
        allowIdpInitiated: true,
      }),
      201,
    );
  }, 60_000);

  afterAll(async () => {
    await api2?.stop();
    await api?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  it('publishes SP metadata and reads an IdP from its metadata XML', async () => {
    const metadata = await fetch(`${api.url!}/api/sso/saml/${provider.id}/metadata`);
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${provider.sp.entityId}"`);
    expect(xml).toContain(provider.sp.acsUrl);
    expect(xml).toContain('X509Certificate');
    const der = idp.certificate.replace(/-----[A-Z ]+-----|\s/g, '');
    const idpMetadata =
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://other.${domain}/idp"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${der}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://other.${domain}/sso"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
    const created = await json<SamlProvider>(
      await admin.post('/api/saml/providers', { name: 'From metadata', metadataXml: idpMetadata, enabled: false }),
      201,
    );
    expect(created).toMatchObject({
      idpEntityId: `https://other.${domain}/idp`,
      ssoUrl: `https://other.${domain}/sso`,
      metadataSource: 'xml',
    });
    expect(created.certificates[0]!.expired).toBe(false);
    // Bombs and garbage: 400 with a reason, never 500.
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><md:EntityDescriptor>&lol2;</md:EntityDescriptor>`;
    expect(await json(await admin.post('/api/saml/providers', { name: 'Bomb', metadataXml: bomb }), 400)).toMatchObject({
      reason: 'saml.malformed',
    });
    expect(await json(await admin.post('/api/saml/providers', { name: 'Bad', metadataXml: '<not-closed' }), 400)).toMatchObject({
      code: 'BAD_REQUEST',
    });
    await admin.request('DELETE', `/api/saml/providers/${created.id}`);

    // From a metadata URL (loopback is allowed here, as SIEM tests allow it), read again on demand.
    let served = idpMetadata;
    const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(served));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const metadataUrl = `http://127.0.0.1:${String((host.address() as AddressInfo).port)}/metadata`;
      const fromUrl = await json<SamlProvider>(
        await admin.post('/api/saml/providers', { name: 'From URL', metadataUrl, enabled: false }),
        201,
      );
      expect(fromUrl).toMatchObject({
        metadataSource: 'url',
        metadataUrl,
        ssoUrl: `https://other.${domain}/sso`,
        metadataRefreshError: null,
      });
      served = idpMetadata.replace(`https://other.${domain}/sso`, `https://moved.${domain}/sso`);
      const refreshed = await json<SamlProvider>(await admin.post(`/api/saml/providers/${fromUrl.id}/refresh`), 200);
      expect(refreshed.ssoUrl).toBe(`https://moved.${domain}/sso`);
      served = '<broken';
      const failed = await json<SamlProvider>(await admin.post(`/api/saml/providers/${fromUrl.id}/refresh`), 200);
      expect(failed).toMatchObject({ ssoUrl: `https://moved.${domain}/sso`, metadataRefreshError: expect.any(String) as string });
      await admin.request('DELETE', `/api/saml/providers/${fromUrl.id}`);
    } finally {
      host.close();
    }
    // A private address is refused (the SIEM SSRF guard).
    expect(
      await json(await admin.post('/api/saml/providers', { name: 'Internal', metadataUrl: 'http://10.0.0.5/metadata' }), 400),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('signs in SP-initiated with just-in-time provisioning and the group mapping; refuses a replay on another instance', async () => {
    const email = `ana@${domain}`;
    const requestId = await startSignIn(email);
    const response = samlResponse(idp, base({ email, inResponseTo: requestId, groups: ['muster-managers', 'everyone'] }));
    const first = await consume(response);
    expect(first.location).toBe('/app/drills');
    const session = await json<SessionInfo>(await first.client!.get('/api/auth/me'), 200);
    expect(session).toMatchObject({ user: { email }, role: 'MANAGER', org: { id: me.org!.id } });
    // The session is an SSO one: the lock screen cannot be unlocked with a password.
    await first.client!.init();
    const unlock = await json<{ message: string }>(
      await first.client!.post('/api/auth/verify-password', { password: 'whatever-it-is' }),
      403,
    );
    expect(unlock.message).toContain('password authentication');
    // The same response again, on the other api instance: refused.
    const again = await consume(response, api2.url!);
    expect(again.client).toBeNull();
    expect(again.location).toMatch(/^\/login\?sso_error=(replay|in_response_to)$/);
  });

  it('signs in IdP-initiated once; the same assertion is a replay on the other instance', async () => {
    const email = `ben@${domain}`;
    const response = samlResponse(idp, base({ email, groups: ['muster-admins'] }));
    const first = await consume(response);
    expect(first.client).not.toBeNull();
    expect(await json<SessionInfo>(await first.client!.get('/api/auth/me'), 200)).toMatchObject({ role: 'ADMIN' });
    ben = first.client!;
    expect((await consume(response, api2.url!)).location).toBe('/login?sso_error=replay');
  });

  it('single logout: SP-initiated answers a signed LogoutRequest URL; an IdP LogoutRequest ends the sessions', async () => {
    await json(await admin.request('PATCH', `/api/saml/providers/${provider.id}`, { sloUrl: `https://idp.${domain}/slo` }), 200);
    const email = `dora@${domain}`;
    const first = await consume(samlResponse(idp, base({ email })));
    await first.client!.init();
    const out = await json<{ ok: true; redirectUrl?: string }>(await first.client!.post('/api/auth/logout'), 200);
    const url = new URL(out.redirectUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`https://idp.${domain}/slo`);
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(url.searchParams.get('Signature')).toBeTruthy();
    expect(inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8')).toContain(email);

    // The IdP ends the member's sessions: a LogoutRequest signed with its key (HTTP-Redirect).
    const again = await consume(samlResponse(idp, base({ email })));
    expect((await again.client!.get('/api/auth/me')).status).toBe(200);
    const asIdp = new SAML({
      callbackUrl: `https://idp.${domain}/acs`,
      issuer: idp.entityId,
      idpCert: idp.certificate,
      entryPoint: provider.sp.sloUrl,
      logoutUrl: provider.sp.sloUrl,
      privateKey: idp.key.export({ format: 'pem', type: 'pkcs8' }),
      signatureAlgorithm: 'sha256',
    });
    const request = await asIdp.getLogoutUrlAsync(
      { issuer: idp.entityId, nameID: email, nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' },
      '',
      {},
    );
    const answered = await fetch(request.replace(/^http:\/\/localhost:\d+/, api.url!), { redirect: 'manual' });
    expect(answered.status).toBe(303);
    expect(answered.headers.get('location')).toMatch(new RegExp(`^https://idp\\.${domain.replace('.', '\\.')}/slo\\?SAMLResponse=`));
    expect((await again.client!.get('/api/auth/me')).status).toBe(401);
    await json(await admin.request('PATCH', `/api/saml/providers/${provider.id}`, { sloUrl: '' }), 200);
  });

  it('refuses unsigned, wrongly signed, expired-certificate, wrong audience, wrong recipient, expired and unknown InResponseTo answers', async () => {
    const email = `cara@${domain}`;
    const other = newIdp(idp.entityId);
    const cases: [string, ResponseOptions][] = [
      ['signature', base({ email, sign: 'none' })],
      ['signature', base({ email, signer: other })],
      ['audience', base({ email, audience: 'https://someone-else.example/sp' })],
      ['recipient', base({ email, recipient: 'https://someone-else.example/acs' })],
      ['expired', base({ email, notOnOrAfter: new Date(Date.now() - 10 * 60_000) })],
      ['in_response_to', base({ email, inResponseTo: '_never-issued-by-muster' })],
    ];
    for (const [reason, options] of cases) {
      const { location, client } = await consume(samlResponse(idp, options));
      expect({ reason, location, client }).toEqual({ reason, location: `/login?sso_error=${reason}`, client: null });
    }
    // A NameID with a comment (the truncation attack): refused.
    const comment = await consume(
      samlResponse(idp, base({ email, nameIdXml: `<saml:NameID>cara@${domain}<!---->.evil.example</saml:NameID>` })),
    );
    expect(comment.location).toBe('/login?sso_error=malformed');
    // Signature wrapping: an unsigned assertion placed before the signed one.
    const genuine = samlResponse(idp, base({ email }));
    const forged = samlResponse(idp, base({ email: `mallory@${domain}`, sign: 'none' }));
    const evil = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(forged)![0];
    const wrapped = genuine.replace('<saml:Assertion ', `${evil}<saml:Assertion `);
    expect((await consume(wrapped)).client).toBeNull();
    // An IdP certificate past its date no longer signs anything.
    const expiredIdp = newIdp(`https://expired.${domain}/idp`, {
      notBefore: new Date(Date.now() - 3 * 86_400_000),
      notAfter: new Date(Date.now() - 86_400_000),
    });
    const expiredProvider = await json<SamlProvider>(
      await admin.post('/api/saml/providers', {
        name: 'Expired',
        idpEntityId: expiredIdp.entityId,
        ssoUrl: `https://expired.${domain}/sso`,
        certificates: [expiredIdp.certificate],
        allowIdpInitiated: true,
      }),
      201,
    );
    expect(expiredProvider.certificates[0]!.expired).toBe(true);
    const res = await fetch(`${api.url!}/api/sso/saml/${expiredProvider.id}/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        SAMLResponse: b64(samlResponse(expiredIdp, { email, acs: expiredProvider.sp.acsUrl, audience: expiredProvider.sp.entityId })),
      }).toString(),
      redirect: 'manual',
    });
    expect(res.headers.get('location')).toBe('/login?sso_error=certificate');
    // The health panel lists the refusals with their reasons.
    const overview = await json<SamlOverview>(await admin.get('/api/saml'), 200);
    expect(overview.events.map((e) => e.reason)).toEqual(
      expect.arrayContaining(['signature', 'audience', 'recipient', 'expired', 'replay']),
    );
  });

  it('answers 400 to malformed, entity-expanding and huge responses', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><samlp:Response>&b;</samlp:Response>`;
    for (const SAMLResponse of [b64(bomb), b64('<samlp:Response'), 'not base64 at all!', b64(`<a>${'x'.repeat(600 * 1024)}</a>`)]) {
      const res = await post(api.url!, { SAMLResponse });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { reason: string }).reason).toMatch(/^saml\.(malformed|tooLarge)$/);
    }
  });

  it('enforces SSO: members are refused password sign-in, a break-glass admin is let in and the other admins are told', async () => {
    const adminEmail = me.user.email;
    const overview = await json<SamlOverview>(await admin.get('/api/saml'), 200);
    const benAdmin = overview.admins.find((a) => a.email === `ben@${domain}`)!;
    expect(await json(await admin.request('PUT', '/api/saml/settings', { enforced: true, breakGlassUserIds: [] }), 400)).toMatchObject({
      reason: 'saml.enforceNeedsBreakGlass',
    });
    await json(await admin.request('PUT', '/api/saml/settings', { enforced: true, breakGlassUserIds: [benAdmin.id] }), 200);
    const fresh = await new TestClient(api.url!).init();
    const refused = await json<{ reason: string }>(
      await fresh.post('/api/auth/login', { email: adminEmail, password: 'An0ther-Harbour-Pass!' }),
      403,
    );
    expect(refused.reason).toBe('saml.useSso');
    await json(await admin.request('PUT', '/api/saml/settings', { enforced: true, breakGlassUserIds: [me.user.id] }), 200);
    expect((await fresh.post('/api/auth/login', { email: adminEmail, password: 'An0ther-Harbour-Pass!' })).status).toBe(200);
    // Ben, the other admin, is told in the app (and by email).
    const bell = await json<{ items: { kind: string; data: Record<string, unknown> }[] }>(await ben.get('/api/notifications'), 200);
    expect(bell.items.find((n) => n.kind === 'sso_break_glass')).toMatchObject({ data: { email: adminEmail } });
    await json(await admin.request('PUT', '/api/saml/settings', { enforced: false, breakGlassUserIds: [me.user.id] }), 200);
  });
});
