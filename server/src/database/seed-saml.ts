import { generateKeyPairSync } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { SamlProviderRow } from '../modules/sso/entities/saml-provider.entity.js';
import { SamlSignInEventRow } from '../modules/sso/entities/saml-sign-in-event.entity.js';
import { parseCertificate, selfSignedCertificate } from '../modules/sso/saml-cert.js';

const DAY = 86_400_000;

/**
 * The demo organisation's single sign-on: one identity provider, clearly a demo and disabled (so
 * nobody's sign-in goes anywhere), with a signing certificate and a few sign-in events, so the
 * health panel of /app/admin/saml shows what it looks like. SSO is not enforced.
 */
export async function seedSaml(tx: EntityManager, orgId: string, adminEmail: string, now = new Date()): Promise<void> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = selfSignedCertificate({
    privateKey,
    commonName: 'Example Okta (demo) signing',
    notBefore: new Date(now.getTime() - 300 * DAY),
    notAfter: new Date(now.getTime() + 65 * DAY),
  });
  const provider = await tx.save(
    tx.create(SamlProviderRow, {
      orgId,
      name: 'Example Okta (demo)',
      idpEntityId: 'http://www.okta.com/exk-demo-harbor-point',
      ssoUrl: 'https://harborpoint-demo.okta.example/app/muster/exk-demo/sso/saml',
      sloUrl: null,
      certificates: [parseCertificate(pem)!],
      metadataSource: 'manual',
      metadataUrl: null,
      emailDomains: [],
      defaultRole: 'USER',
      groupAttribute: 'groups',
      groupMappings: [
        { group: 'Muster Admins', role: 'ADMIN' },
        { group: 'Harbour Masters', role: 'MANAGER' },
        { group: 'Internal Audit', role: 'INTERNAL_AUDITOR' },
      ],
      allowIdpInitiated: false,
      enabled: false,
      lastSignInAt: new Date(now.getTime() - 2 * DAY),
    }),
  );
  const events: [number, SamlSignInEventRow['outcome'], SamlSignInEventRow['reason'], string][] = [
    [9 * DAY, 'test', null, adminEmail],
    [6 * DAY, 'success', null, adminEmail],
    [5 * DAY, 'refused', 'expired', 'j.okafor@harborpoint.example'],
    [4 * DAY, 'refused', 'audience', 'j.okafor@harborpoint.example'],
    [3 * DAY, 'refused', 'replay', 'm.santos@harborpoint.example'],
    [2 * DAY, 'success', null, 'm.santos@harborpoint.example'],
  ];
  for (const [ago, outcome, reason, subject] of events) {
    await tx.save(
      tx.create(SamlSignInEventRow, {
        orgId,
        providerId: provider.id,
        outcome,
        reason,
        subject,
        detail: null,
        createdAt: new Date(now.getTime() - ago),
      }),
    );
  }
}
