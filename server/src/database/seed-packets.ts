import type { INestApplicationContext } from '@nestjs/common';
import { DEFAULT_TIME_ZONE, type Role } from '@muster/contracts';
import { DataSource } from 'typeorm';
import { PacketsService } from '../modules/compliance-packets/packets.service.js';
import { acrossOrganisations } from '../platform/tenancy/tenant-check.js';
import { addDays } from '../platform/time/zoned.js';

const DAY_MS = 86_400_000;

/**
 * The demo organisation's compliance packets: two real, signed packets of its ISPS profile for the
 * last twelve months, issued by the manager — version 1 a week ago, superseded by version 2 today —
 * so /app/compliance/packets lists both and /verify-packet says "superseded" and "valid". Run by
 * the bootstrap right after the demo data is seeded (it needs the signing key, the render engine
 * and storage, which the seed's transaction has not); nothing when the organisation has no ISPS
 * profile or already has packets.
 */
export async function seedPackets(context: INestApplicationContext, now = new Date()): Promise<number> {
  const dataSource = context.get(DataSource);
  const rows = await acrossOrganisations('seeding the demo packets', () =>
    dataSource.query<
      { org_id: string; profile_id: string; time_zone: string; user_id: string; first_name: string; last_name: string; email: string }[]
    >(
      `SELECT p.org_id, p.id AS profile_id, o.time_zone, u.id AS user_id, u.first_name, u.last_name, u.email
         FROM compliance_profiles p
         JOIN organizations o ON o.id = p.org_id
         JOIN memberships m ON m.org_id = p.org_id AND m.role = 'MANAGER'
         JOIN users u ON u.id = m.user_id
        WHERE u.email = 'manager@harborpoint.example' AND p.name LIKE 'ISPS%'
          AND NOT EXISTS (SELECT 1 FROM compliance_packets c WHERE c.org_id = p.org_id)
        ORDER BY p.created_at
        LIMIT 1`,
    ),
  );
  const found = rows[0];
  if (!found) return 0;
  const packets = context.get(PacketsService);
  const actor = {
    userId: found.user_id,
    orgId: found.org_id,
    role: 'MANAGER' as Role,
    name: [found.first_name, found.last_name].filter(Boolean).join(' '),
    email: found.email,
    timeZone: found.time_zone || DEFAULT_TIME_ZONE,
  };
  const to = now.toISOString().slice(0, 10);
  const period = { profileId: found.profile_id, from: addDays(to, -364), to };
  const client = { ip: '127.0.0.1', userAgent: 'muster-seed' };
  try {
    await packets.issuePacket(actor, period, 'en', client, undefined, new Date(now.getTime() - 7 * DAY_MS));
    await packets.issuePacket(actor, period, 'en', client, undefined, now);
  } catch (err) {
    // Two processes seeding one empty database at once: the other one issued this version.
    if ((err as { driverError?: { code?: string } }).driverError?.code === '23505') return 0;
    throw err;
  }
  return 2;
}
