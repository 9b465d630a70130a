import { acrossOrganisations } from '../platform/tenancy/tenant-check.js';
import type { Role } from '@muster/contracts';
import type { DataSource } from 'typeorm';
import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';
import { AuditorInvite } from '../modules/identity/entities/auditor-invite.entity.js';
import { KnowledgeArticle } from '../modules/knowledge/entities/article.entity.js';
import { SEED_ARTICLES } from './seed-articles.js';
import { seedSupport } from './seed-support.js';
import { seedDashboards } from './seed-dashboards.js';
import { seedDrills } from './seed-drills.js';
import { seedUsage } from './seed-usage.js';
import { seedMembers } from './seed-members.js';
import { seedSecurity } from './seed-security.js';
import { seedScim } from './seed-scim.js';
import { seedSimulation } from './seed-simulation.js';
import { seedSaml } from './seed-saml.js';
import { seedPlatform } from './seed-platform.js';
import { seedRecovery } from './seed-recovery.js';
import { seedControls } from './seed-controls.js';
import { seedMaps } from './seed-maps.js';
import { seedCompliance } from './seed-compliance.js';
import { ComplianceProfileRow } from '../modules/compliance/entities/compliance-profile.entity.js';
import { seedSops } from './seed-sops.js';

export const DEMO_ORGANIZATION = 'Harbor Point Port Authority';
/** The password of every demo user (README lists the logins). */
export const DEMO_PASSWORD = 'Muster!Demo2026';
export const DEMO_AUDITOR = { email: 'guest.auditor@seaward-audit.example', auditorName: 'Grace Okoye', firm: 'Seaward Audit LLP' };

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

/**
 * Creates the demo organisation, one user per role (password DEMO_PASSWORD), an open
 * guest-auditor invite and published knowledge-base articles (written by the support operator,
 * approved by the deputy admin), support demo data (canned responses, ended chats, tickets) and
 * drills (templates, approved and completed runs with their reports, runs to come).
 * Idempotent: an existing demo organisation is left as it is.
 */
export async function seedDemoData(
  dataSource: DataSource,
  hashPassword: (password: string) => Promise<string>,
): Promise<{ created: boolean }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return acrossOrganisations('seeding the demo organisation', () => seedIn(dataSource, passwordHash));
}

async function seedIn(dataSource: DataSource, passwordHash: string): Promise<{ created: boolean }> {
  return dataSource.transaction(async (tx) => {
    const existing = await tx.findOne(Organization, { where: { name: DEMO_ORGANIZATION } });
    if (existing) return { created: false };
    const org = await tx.save(tx.create(Organization, { name: DEMO_ORGANIZATION }));
    let adminId: string | null = null;
    const names = new Map<Role, { id: string; name: string; email: string }>();
    for (const demo of DEMO_USERS) {
      const user = await tx.save(
        tx.create(User, {
          username: demo.username,
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: demo.email,
          passwordHash,
          passwordChangedAt: new Date(),
          autoLogoutMinutes: 30,
        }),
      );
      if (demo.role === 'ADMIN') adminId = user.id;
      names.set(demo.role, { id: user.id, name: `${demo.firstName} ${demo.lastName}`, email: demo.email });
      await tx.save(tx.create(Membership, { userId: user.id, orgId: demo.platform ? null : org.id, role: demo.role }));
    }
    await tx.save(
      tx.create(AuditorInvite, {
        ...DEMO_AUDITOR,
        orgId: org.id,
        createdByUserId: adminId,
        expiresAt: new Date(Date.now() + 90 * 86_400_000),
        scope: {},
      }),
    );
    const author = names.get('SYSOPS');
    const reviewer = names.get('DEPUTY_ADMIN');
    for (const article of SEED_ARTICLES) {
      await tx.save(
        tx.create(KnowledgeArticle, {
          ...article,
          status: 'published',
          authorUserId: author?.id ?? null,
          authorName: author?.name ?? 'Support',
          reviewerUserId: reviewer?.id ?? null,
          reviewerName: reviewer?.name ?? null,
          publishedAt: new Date(),
        }),
      );
    }
    await seedSupport(tx, org, {
      member: names.get('USER')!,
      manager: names.get('MANAGER')!,
      SYSOPS: names.get('SYSOPS')!,
      DEPUTY_ADMIN: names.get('DEPUTY_ADMIN')!,
    });
    await seedDashboards(tx, org, { user: names.get('USER')!, sysops: names.get('SYSOPS')! });
    await seedDrills(tx, org.id, {
      admin: names.get('ADMIN')!,
      manager: names.get('MANAGER')!,
      user: names.get('USER')!,
      auditor: names.get('INTERNAL_AUDITOR')!,
    });
    await seedUsage(tx, org.id);
    await seedMembers(tx, org.id, passwordHash, names.get('ADMIN')!);
    await seedSecurity(tx, org.id, names);
    await seedScim(tx, org.id, { admin: names.get('ADMIN')!, manager: names.get('MANAGER')! });
    await seedSimulation(tx, names.get('SYSOPS')!);
    await seedSaml(tx, org.id, names.get('ADMIN')!.email);
    await seedPlatform(tx, org.id, { root: names.get('ROOT_ADMIN')!, deputy: names.get('DEPUTY_ADMIN')!, sysops: names.get('SYSOPS')! });
    await seedRecovery(tx, org.id, names, passwordHash);
    await seedControls(tx, org.id, passwordHash, names.get('SYSOPS')!);
    await seedMaps(tx, org.id, names);
    await seedCompliance(tx, org.id, { admin: names.get('ADMIN')!, manager: names.get('MANAGER')! });
    // The demo guest auditor reviews both compliance profiles over the last year.
    const profiles = await tx.find(ComplianceProfileRow, { where: { orgId: org.id }, order: { createdAt: 'ASC' } });
    const today = new Date();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    await tx.update(
      AuditorInvite,
      { orgId: org.id, email: DEMO_AUDITOR.email },
      {
        scope: {
          profileIds: profiles.map((p) => p.id),
          facilities: [],
          from: day(new Date(today.getTime() - 365 * 86_400_000)),
          to: day(today),
        },
      },
    );
    await seedSops(tx, org.id, {
      admin: names.get('ADMIN')!,
      manager: names.get('MANAGER')!,
      user: names.get('USER')!,
      auditor: names.get('INTERNAL_AUDITOR')!,
    });
    return { created: true };
  });
}

/** True when the database holds no organisation and no user yet. */
export async function isEmpty(dataSource: DataSource): Promise<boolean> {
  const [orgs, users] = await Promise.all([dataSource.getRepository(Organization).count(), dataSource.getRepository(User).count()]);
  return orgs === 0 && users === 0;
}
