import type { EntityManager } from 'typeorm';
import { AccountRestriction } from '../modules/account-controls/entities/account-restriction.entity.js';
import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';

const DAY = 86_400_000;

/**
 * Support's account controls with something to show: in a second organisation (Northwind Cargo
 * Terminal) a suspended member and a frozen one (not demo logins), a past suspension of a member,
 * and a past suspension and freeze of the organisation, set and lifted by the support operator.
 */
export async function seedControls(tx: EntityManager, demoOrgId: string, passwordHash: string, operator: { id: string }): Promise<void> {
  // Support's examples live in an organisation of their own, so the demo organisation's members and seats stay as its screens and tests expect.
  const other = await tx.save(tx.create(Organization, { name: 'Northwind Cargo Terminal', timeZone: 'Europe/Oslo' }));
  const member = async (username: string, firstName: string, lastName: string, email: string, status: User['status']) => {
    const user = await tx.save(
      tx.create(User, { username, firstName, lastName, email, passwordHash, passwordChangedAt: new Date(), autoLogoutMinutes: 30, status }),
    );
    await tx.save(tx.create(Membership, { userId: user.id, orgId: other.id, role: 'USER' }));
    return user;
  };
  const suspended = await member('tomas.rivera', 'Tomás', 'Rivera', 'tomas.rivera@northwind-cargo.example', 'suspended');
  const frozen = await member('grace.obi', 'Grace', 'Obi', 'grace.obi@northwind-cargo.example', 'frozen');
  const pastMember = await member('noah.jensen', 'Noah', 'Jensen', 'noah.jensen@northwind-cargo.example', 'active');
  const otherUser = await tx.save(
    tx.create(User, {
      username: 'lars.berg',
      firstName: 'Lars',
      lastName: 'Berg',
      email: 'lars.berg@northwind-cargo.example',
      passwordHash,
      passwordChangedAt: new Date(),
      autoLogoutMinutes: 30,
    }),
  );
  await tx.save(tx.create(Membership, { userId: otherUser.id, orgId: other.id, role: 'ADMIN' }));

  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const rows: Partial<AccountRestriction>[] = [
    {
      kind: 'suspension',
      subjectType: 'user',
      userId: suspended.id,
      orgId: other.id,
      reason: 'Shared credentials with a contractor (ticket reported by the port security officer)',
      message: 'Your account is on hold while we review a security report. Contact your administrator or support@muster.example.',
      endsAt: null,
    },
    {
      kind: 'freeze',
      subjectType: 'user',
      userId: frozen.id,
      orgId: other.id,
      reason: 'Disputed changes to drill records under review',
      message: 'Your account is read-only while support reviews recent changes. You can still view everything.',
      endsAt: null,
    },
    {
      kind: 'suspension',
      subjectType: 'user',
      userId: pastMember.id,
      orgId: other.id,
      reason: 'Repeated sign-ins from an unknown country',
      message: 'We paused your account after unusual sign-ins. Reset your password when it is lifted.',
      endsAt: ago(20),
      createdAt: ago(23),
      liftedAt: ago(20),
      liftedBy: null,
    },
    {
      kind: 'suspension',
      subjectType: 'organization',
      userId: null,
      orgId: other.id,
      reason: 'Unpaid invoices for three months',
      message: 'Your organisation is suspended for unpaid invoices. Contact billing@muster.example.',
      endsAt: null,
      createdAt: ago(40),
      liftedAt: ago(33),
      liftedBy: operator.id,
    },
    {
      kind: 'freeze',
      subjectType: 'organization',
      userId: null,
      orgId: other.id,
      reason: 'Legal hold during an incident investigation',
      message: 'Your organisation is read-only during an investigation.',
      endsAt: ago(10),
      createdAt: ago(17),
      liftedAt: ago(10),
      liftedBy: null,
    },
  ];
  // The demo organisation's members that its member screen shows suspended or frozen (seed-members.ts)
  // are so by support's restriction too, as in the product: listed on support's screens, liftable.
  const demoRestricted = await tx
    .createQueryBuilder(User, 'u')
    .innerJoin(Membership, 'm', 'm.user_id = u.id')
    .where('m.org_id = :orgId', { orgId: demoOrgId })
    .andWhere("u.status IN ('suspended', 'frozen')")
    .getMany();
  for (const user of demoRestricted) {
    rows.push(
      user.status === 'suspended'
        ? {
            kind: 'suspension',
            subjectType: 'user',
            userId: user.id,
            orgId: demoOrgId,
            reason: 'Signed in from two countries within an hour; account owner not yet reached',
            message: 'Your account is on hold while we confirm recent sign-ins. Contact your administrator or support.',
            endsAt: null,
          }
        : {
            kind: 'freeze',
            subjectType: 'user',
            userId: user.id,
            orgId: demoOrgId,
            reason: 'Bulk edits to drill records questioned by the facility security officer',
            message: 'Your account is read-only while support reviews recent changes. You can still view everything.',
            endsAt: null,
          },
    );
  }
  for (const row of rows) await tx.save(tx.create(AccountRestriction, { createdBy: operator.id, liftedAt: null, liftedBy: null, ...row }));
}
