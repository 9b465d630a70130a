import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Role } from '@muster/contracts';
import type { EntityManager } from 'typeorm';
import { parseConfig } from '../config/config.js';
import { createDriver } from '../platform/storage/storage.service.js';
import { VerificationCaseRow } from '../modules/id-verification/entities/verification-case.entity.js';
import { PasswordService } from '../modules/identity/password.service.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { SecurityPinRow } from '../modules/security/entities/security-pin.entity.js';
import { SecurityPolicyRow } from '../modules/security/entities/security-policy.entity.js';

type People = ReadonlyMap<Role, { id: string; name: string; email: string }>;

const DAY = 86_400_000;
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A small generated PNG: a card-like picture (a photo box and text lines) in one colour. */
export function demoCardPng(hue: [number, number, number], width = 96, height = 60): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const photo = x >= 6 && x < 30 && y >= 8 && y < 44;
      const line = x >= 38 && x < 88 && [12, 20, 28, 36].some((l) => y >= l && y < l + 3);
      const [r, g, b] = photo ? [hue[0] / 2, hue[1] / 2, hue[2] / 2] : line ? [40, 40, 48] : hue;
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo organisation's security: a stricter policy (12-character passwords, common passwords
 * refused, 30 minutes' default auto-lock), support PINs of the admin and the manager (PINs 4821 and
 * 7394), ID verification required of managers and accountants within 30 days, and cases: the
 * manager approved (images gone, hashes kept), the accountant's waiting in the queue and the
 * internal auditor asked for a sharper picture.
 */
export async function seedSecurity(tx: EntityManager, orgId: string, people: People): Promise<void> {
  const due = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  await tx.save(
    tx.create(SecurityPolicyRow, {
      orgId,
      passwordMinLength: 12,
      rejectCommonPasswords: true,
      signInMethods: ['password', 'magic_code'],
      adminsMayUseCodes: true,
      pinsRequired: false,
      verificationRoles: ['MANAGER', 'ACCOUNTANT'],
      verificationDueBy: due,
    }),
  );
  await tx.update(Organization, { id: orgId }, { defaultAutoLockMinutes: 30 });

  const passwords = new PasswordService();
  for (const [role, pin] of [
    ['ADMIN', '4821'],
    ['MANAGER', '7394'],
  ] as const) {
    const person = people.get(role);
    if (person) await tx.save(tx.create(SecurityPinRow, { orgId, userId: person.id, pinHash: await passwords.hash(pin) }));
  }

  const storage = await createDriver(parseConfig());
  const images = async (caseId: string, hue: [number, number, number]) => {
    const document = demoCardPng(hue);
    const second = demoCardPng([hue[2], hue[0], hue[1]], 60, 80);
    const keys = { document: `id-verification/${orgId}/${caseId}/document-seed`, second: `id-verification/${orgId}/${caseId}/second-seed` };
    await storage.put(keys.document, document, 'image/png');
    await storage.put(keys.second, second, 'image/png');
    return {
      documentKey: keys.document,
      documentType: 'image/png',
      documentSha256: sha256(document),
      secondKey: keys.second,
      secondType: 'image/png',
      secondSha256: sha256(second),
    };
  };

  const manager = people.get('MANAGER');
  const sysops = people.get('SYSOPS');
  if (manager && sysops) {
    await tx.save(
      tx.create(VerificationCaseRow, {
        orgId,
        userId: manager.id,
        state: 'approved',
        documentType: 'image/png',
        documentSha256: sha256(demoCardPng([70, 130, 180])),
        secondType: 'image/png',
        secondSha256: sha256(demoCardPng([180, 70, 130], 60, 80)),
        submittedAt: new Date(Date.now() - 6 * DAY),
        claimedByUserId: sysops.id,
        claimedByName: sysops.name,
        claimedAt: new Date(Date.now() - 5 * DAY),
        decidedByUserId: sysops.id,
        decidedByName: sysops.name,
        decidedAt: new Date(Date.now() - 5 * DAY),
      }),
    );
  }
  const accountant = people.get('ACCOUNTANT');
  if (accountant) {
    const row = tx.create(VerificationCaseRow, {
      orgId,
      userId: accountant.id,
      state: 'submitted',
      submittedAt: new Date(Date.now() - 2 * DAY),
    });
    row.id = (await tx.save(row)).id;
    Object.assign(row, await images(row.id, [200, 170, 90]));
    await tx.save(row);
  }
  const auditor = people.get('INTERNAL_AUDITOR');
  if (auditor) {
    const row = tx.create(VerificationCaseRow, {
      orgId,
      userId: auditor.id,
      state: 'more_info',
      submittedAt: new Date(Date.now() - 4 * DAY),
      message: 'The document photo is blurred: please upload a sharper picture of the front side.',
    });
    row.id = (await tx.save(row)).id;
    Object.assign(row, await images(row.id, [120, 180, 120]));
    await tx.save(row);
  }
}
