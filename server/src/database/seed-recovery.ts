import { randomBytes, createHash } from 'node:crypto';
import { TERMINATION_RETENTION, type Role } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';
import { RecoveryDelegateRow } from '../modules/recovery/entities/recovery-delegate.entity.js';
import { RestoreRequestRow } from '../modules/recovery/entities/restore-request.entity.js';
import { TerminationRow } from '../modules/recovery/entities/termination.entity.js';

/** A terminated demo organisation (no README login, no test uses it) with a restore request in support's queue. */
export const TERMINATED_DEMO = {
  name: 'Saltmarsh Ferry Cooperative',
  admin: { username: 'saltmarsh.admin', firstName: 'Tomas', lastName: 'Lindqvist', email: 'tomas@saltmarsh-ferry.example' },
  member: { username: 'saltmarsh.crew', firstName: 'Noor', lastName: 'Haddad', email: 'noor@saltmarsh-ferry.example' },
};

const DAY_MS = 86_400_000;
/** A token nobody holds: the seeded rows' links are not usable. */
const unusable = (): string => createHash('sha256').update(randomBytes(32)).digest('hex');

/**
 * Recovery demo data: the demo organisation's manager and internal auditor are accepted recovery
 * delegates and its accountant has not answered yet; a second organisation, terminated 20 days ago,
 * has a confirmed restore request waiting for a support operator.
 */
export async function seedRecovery(
  tx: EntityManager,
  orgId: string,
  people: ReadonlyMap<Role, { id: string }>,
  passwordHash: string,
): Promise<void> {
  const admin = people.get('ADMIN')?.id ?? null;
  const delegates: [Role, 'accepted' | 'pending'][] = [
    ['MANAGER', 'accepted'],
    ['INTERNAL_AUDITOR', 'accepted'],
    ['ACCOUNTANT', 'pending'],
  ];
  for (const [role, status] of delegates) {
    const person = people.get(role);
    if (!person) continue;
    await tx.save(
      tx.create(RecoveryDelegateRow, {
        orgId,
        userId: person.id,
        status,
        invitedByUserId: admin,
        acceptTokenHash: status === 'pending' ? unusable() : null,
        acceptedAt: status === 'accepted' ? new Date(Date.now() - 12 * DAY_MS) : null,
      }),
    );
  }

  const terminated = await tx.save(tx.create(Organization, { name: TERMINATED_DEMO.name, timeZone: 'Europe/Stockholm' }));
  const users: User[] = [];
  for (const [person, role] of [
    [TERMINATED_DEMO.admin, 'ADMIN'],
    [TERMINATED_DEMO.member, 'USER'],
  ] as const) {
    const user = await tx.save(tx.create(User, { ...person, passwordHash, passwordChangedAt: new Date(), autoLogoutMinutes: 30 }));
    await tx.save(tx.create(Membership, { userId: user.id, orgId: terminated.id, role }));
    users.push(user);
  }
  const terminatedAt = new Date(Date.now() - 20 * DAY_MS);
  const termination = await tx.save(
    tx.create(TerminationRow, {
      orgId: terminated.id,
      status: 'terminated',
      reason: 'Contract ended; the cooperative merged with another operator.',
      terminatedAt,
      purgeAfter: new Date(terminatedAt.getTime() + TERMINATION_RETENTION.purgeAfterDays * DAY_MS),
      terminatedByUserId: people.get('ROOT_ADMIN')?.id ?? null,
    }),
  );
  await tx.save(
    tx.create(RestoreRequestRow, {
      orgId: terminated.id,
      terminationId: termination.id,
      userId: users[0]!.id,
      status: 'pending',
      confirmTokenHash: null,
      confirmExpiresAt: new Date(Date.now() - 2 * DAY_MS),
      confirmedAt: new Date(Date.now() - 3 * DAY_MS),
      language: 'en',
    }),
  );
}
