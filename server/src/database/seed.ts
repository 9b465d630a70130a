import type { Role } from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';

export const DEMO_ORGANIZATION = 'Harbor Point Port Authority';

interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  /** Platform roles have no organisation. */
  platform?: boolean;
}

/** One demo user per role; the README lists them. */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'root', firstName: 'Rita', lastName: 'Okafor', email: 'root@muster.example', role: 'ROOT_ADMIN', platform: true },
  { username: 'deputy', firstName: 'Daniel', lastName: 'Brandt', email: 'deputy@muster.example', role: 'DEPUTY_ADMIN', platform: true },
  { username: 'sysops', firstName: 'Sana', lastName: 'Iqbal', email: 'sysops@muster.example', role: 'SYSOPS', platform: true },
  { username: 'admin', firstName: 'Amelia', lastName: 'Hart', email: 'admin@harborpoint.example', role: 'ADMIN' },
  { username: 'manager', firstName: 'Marcus', lastName: 'Lee', email: 'manager@harborpoint.example', role: 'MANAGER' },
  { username: 'auditor', firstName: 'Ines', lastName: 'Alvarez', email: 'auditor@harborpoint.example', role: 'INTERNAL_AUDITOR' },
  { username: 'accountant', firstName: 'Chen', lastName: 'Wei', email: 'accountant@harborpoint.example', role: 'ACCOUNTANT' },
  { username: 'user', firstName: 'Uma', lastName: 'Patel', email: 'user@harborpoint.example', role: 'USER' },
];

/** Creates the demo organisation and its users. Idempotent: an existing demo org is left as it is. */
export async function seedDemoData(dataSource: DataSource): Promise<{ created: boolean }> {
  return dataSource.transaction(async (tx) => {
    const existing = await tx.findOne(Organization, { where: { name: DEMO_ORGANIZATION } });
    if (existing) return { created: false };
    const org = await tx.save(tx.create(Organization, { name: DEMO_ORGANIZATION }));
    for (const demo of DEMO_USERS) {
      const user = await tx.save(
        tx.create(User, {
          username: demo.username,
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: demo.email,
          autoLogoutMinutes: 30,
        }),
      );
      await tx.save(tx.create(Membership, { userId: user.id, orgId: demo.platform ? null : org.id, role: demo.role }));
    }
    return { created: true };
  });
}

/** True when the database holds no organisation and no user yet. */
export async function isEmpty(dataSource: DataSource): Promise<boolean> {
  const [orgs, users] = await Promise.all([dataSource.getRepository(Organization).count(), dataSource.getRepository(User).count()]);
  return orgs === 0 && users === 0;
}
