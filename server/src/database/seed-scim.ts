import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';

const MINUTE_MS = 60_000;
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

interface Person {
  id: string;
  name: string;
  email: string;
}

/**
 * SCIM provisioning of the demo organisation, so its page shows something working: one token of
 * "Okta" (its secret is random and never stored or printed: only its hash), a few members linked
 * as provisioned users (one deactivated), two groups (one mapped to MANAGER) and a request log. It
 * links existing demo members rather than adding people, so the member counts stay as they are.
 */
export async function seedScim(tx: EntityManager, orgId: string, people: { admin: Person; manager: Person }): Promise<void> {
  const secret = `mscim_${randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  const [token] = await tx.query<{ id: string }[]>(
    `INSERT INTO scim_tokens (org_id, name, token_hash, prefix, created_by_user_id, created_by_name, created_at, last_used_at)
     VALUES ($1, 'Okta (production)', $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      orgId,
      createHash('sha256').update(secret).digest('hex'),
      secret.slice(0, 12),
      people.admin.id,
      people.admin.name,
      new Date(now - 30 * 24 * 60 * MINUTE_MS),
      new Date(now - 12 * MINUTE_MS),
    ],
  );
  const linked = await tx.query<{ id: string; email: string; first_name: string; last_name: string; status: string }[]>(
    `SELECT u.id, u.email, u.first_name, u.last_name, m.status FROM users u JOIN memberships m ON m.user_id = u.id
      WHERE m.org_id = $1 AND u.email = ANY($2) ORDER BY u.email`,
    [
      orgId,
      [people.manager.email, 'tomas.reyes@harborpoint.example', 'noor.haddad@harborpoint.example', 'owen.brooks@harborpoint.example'],
    ],
  );
  const scimIds = new Map<string, string>();
  for (const [i, person] of linked.entries()) {
    const active = person.status === 'active';
    const [row] = await tx.query<{ id: string }[]>(
      `INSERT INTO scim_users (org_id, user_id, user_name, user_name_lower, external_id, active, attributes, version, created_at, updated_at)
       VALUES ($1, $2, $3::varchar, lower($3::varchar), $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        orgId,
        person.id,
        person.email,
        `00u${String(4711 + i)}hpa`,
        active,
        JSON.stringify({
          name: { givenName: person.first_name, familyName: person.last_name },
          displayName: `${person.first_name} ${person.last_name}`,
          emails: [{ value: person.email, type: 'work', primary: true }],
          [ENTERPRISE]: { organization: 'Harbor Point Port Authority', department: i % 2 ? 'Marine Operations' : 'Port Security' },
        }),
        active ? 2 : 3,
        new Date(now - (20 - i) * 24 * 60 * MINUTE_MS),
        new Date(now - (i + 1) * 45 * MINUTE_MS),
      ],
    );
    scimIds.set(person.email, row!.id);
  }
  const group = async (displayName: string, role: string | null, emails: string[]): Promise<void> => {
    const [row] = await tx.query<{ id: string }[]>(
      `INSERT INTO scim_groups (org_id, display_name, display_name_lower, external_id, role) VALUES ($1, $2::varchar, lower($2::varchar), $3, $4) RETURNING id`,
      [orgId, displayName, `00g${displayName.length}hpa`, role],
    );
    for (const email of emails) {
      const member = scimIds.get(email);
      if (member)
        await tx.query('INSERT INTO scim_group_members (org_id, group_id, scim_user_id) VALUES ($1, $2, $3)', [orgId, row!.id, member]);
    }
  };
  await group('Harbour Operations Leads', 'MANAGER', [people.manager.email]);
  await group('All Crew', null, ['tomas.reyes@harborpoint.example', 'noor.haddad@harborpoint.example', people.manager.email]);

  const log: [string, string, number, number][] = [
    ['GET', '/ServiceProviderConfig', 200, 14],
    ['GET', '/Users?filter=userName eq "tomas.reyes@harborpoint.example"', 200, 22],
    ['PATCH', '/Users/{noor}', 200, 41],
    ['GET', '/Groups?excludedAttributes=members', 200, 18],
    ['PATCH', '/Users/{owen}', 200, 37],
    ['POST', '/Users', 409, 25],
    ['GET', '/Users?startIndex=1&count=100', 200, 31],
  ];
  for (const [i, [method, path, status, ms]] of log.entries()) {
    const resolved = path
      .replace('{noor}', scimIds.get('noor.haddad@harborpoint.example') ?? '')
      .replace('{owen}', scimIds.get('owen.brooks@harborpoint.example') ?? '');
    await tx.query(
      `INSERT INTO scim_requests (org_id, token_id, token_name, method, path, status, outcome, duration_ms, at)
       VALUES ($1, $2, 'Okta (production)', $3, $4, $5, $6, $7, $8)`,
      [
        orgId,
        token!.id,
        method,
        resolved,
        status,
        status < 400 ? 'success' : 'failure',
        ms,
        new Date(now - (log.length - i) * 11 * MINUTE_MS),
      ],
    );
  }
}
