import { createHash, randomBytes } from 'node:crypto';
import type { LanguageCode, MemberRole } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { Membership } from '../modules/identity/entities/membership.entity.js';
import { User, type UserStatus } from '../modules/identity/entities/user.entity.js';
import { MemberInvite } from '../modules/members/entities/member-invite.entity.js';

const DAY_MS = 86_400_000;

interface DemoMember {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MemberRole;
  status: 'active' | 'deactivated';
  userStatus: UserStatus;
  language: LanguageCode | null;
  lastLoginDaysAgo: number | null;
}

/**
 * More people of the demo organisation for the member screens: active members, a deactivated
 * one, one suspended and one frozen by support (`users.status`). Every active extra member is a
 * USER whose first name sorts before the demo USER's, so "the member of a role" stays the demo one.
 */
export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    username: 'tomas.reyes',
    firstName: 'Tomas',
    lastName: 'Reyes',
    email: 'tomas.reyes@harborpoint.example',
    role: 'USER',
    status: 'active',
    userStatus: 'active',
    language: 'es',
    lastLoginDaysAgo: 2,
  },
  {
    username: 'noor.haddad',
    firstName: 'Noor',
    lastName: 'Haddad',
    email: 'noor.haddad@harborpoint.example',
    role: 'USER',
    status: 'active',
    userStatus: 'active',
    language: 'ar',
    lastLoginDaysAgo: 9,
  },
  {
    username: 'owen.brooks',
    firstName: 'Owen',
    lastName: 'Brooks',
    email: 'owen.brooks@harborpoint.example',
    role: 'MANAGER',
    status: 'deactivated',
    userStatus: 'active',
    language: null,
    lastLoginDaysAgo: 64,
  },
  {
    username: 'lena.fischer',
    firstName: 'Lena',
    lastName: 'Fischer',
    email: 'lena.fischer@harborpoint.example',
    role: 'USER',
    status: 'active',
    userStatus: 'suspended',
    language: null,
    lastLoginDaysAgo: 21,
  },
  {
    username: 'kofi.mensah',
    firstName: 'Kofi',
    lastName: 'Mensah',
    email: 'kofi.mensah@harborpoint.example',
    role: 'ACCOUNTANT',
    status: 'active',
    userStatus: 'frozen',
    language: null,
    lastLoginDaysAgo: 35,
  },
];

/** Invitations: two pending (one in Spanish, one in Arabic) and one that expired unanswered. */
const INVITES: readonly { email: string; role: MemberRole; language: LanguageCode | null; sentDaysAgo: number }[] = [
  { email: 'jonas.berg@harborpoint.example', role: 'USER', language: 'es', sentDaysAgo: 1 },
  { email: 'fatima.zahra@harborpoint.example', role: 'MANAGER', language: 'ar', sentDaysAgo: 3 },
  { email: 'samir.costa@harborpoint.example', role: 'USER', language: null, sentDaysAgo: 12 },
];

/** The demo organisation's further members and its invitations (links unknown: an admin resends to get one). */
export async function seedMembers(
  tx: EntityManager,
  orgId: string,
  passwordHash: string,
  admin: { id: string; name: string },
): Promise<void> {
  const now = Date.now();
  for (const demo of DEMO_MEMBERS) {
    const user = await tx.save(
      tx.create(User, {
        username: demo.username,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        passwordHash,
        passwordChangedAt: new Date(now - 90 * DAY_MS),
        autoLogoutMinutes: 30,
        status: demo.userStatus,
        language: demo.language,
        lastLoginAt: demo.lastLoginDaysAgo === null ? null : new Date(now - demo.lastLoginDaysAgo * DAY_MS),
      }),
    );
    await tx.save(tx.create(Membership, { userId: user.id, orgId, role: demo.role, status: demo.status }));
  }
  for (const invite of INVITES) {
    const sentAt = new Date(now - invite.sentDaysAgo * DAY_MS);
    await tx.save(
      tx.create(MemberInvite, {
        orgId,
        email: invite.email,
        role: invite.role,
        language: invite.language,
        tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        invitedByUserId: admin.id,
        invitedByName: admin.name,
        createdAt: sentAt,
        expiresAt: new Date(sentAt.getTime() + 7 * DAY_MS),
        acceptedAt: null,
        acceptedUserId: null,
        revokedAt: null,
      }),
    );
  }
}
