import { writeFileSync } from 'node:fs';
import { generateKeyPairSync, sign } from 'node:crypto';
import { formatShortCode, type LanguageCode, type PacketContent } from '@muster/contracts';
import { extractText, poppler } from '../../platform/documents/pdf-reading.js';
import { canonicalJson } from '../../platform/signing/canonical-json.js';
import { verifyWithPublicKey } from '../../platform/signing/ed25519.js';
import { buildManifest, decodeToken, encodeToken, manifestSha256, tokenPayloadBytes } from './packet-manifest.js';
import { packetPdf, type PacketPdfMeta } from './packet-pdf.js';

const content: PacketContent = {
  organisation: { id: '0b5e7a52-6f3c-4c1e-9a55-3d0f4f1f2a10', name: 'Harbour Point Terminal', timeZone: 'Asia/Dubai' },
  profile: { id: '4d2f5a10-1b2c-4d3e-8f90-a1b2c3d4e5f6', name: 'ISPS port facility' },
  period: { from: '2026-01-01', to: '2026-11-26' },
  rules: [
    {
      ruleId: 'isps_b18_5',
      title: 'Port facility security drill at least every 3 months',
      source: 'ISPS Code B/18.5',
      state: 'failing',
      reason: { key: 'lastRunOverdue', params: { what: 'security_drill', days: 97, every: 90, unit: 'days', due: '2026-11-19' } },
      lastSatisfiedAt: '2026-08-21T08:00:00.000Z',
      nextDueAt: '2026-11-19',
      runIds: ['7a0c6b8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e'],
    },
    {
      ruleId: 'solas_iii_19_3',
      title: 'Abandon-ship and fire drills every month',
      source: 'SOLAS III/19.3',
      state: 'passing',
      reason: { key: 'lastRunOk', params: { what: 'fire', days: 12, every: 1, unit: 'months', due: '2026-12-14' } },
      lastSatisfiedAt: '2026-11-14T08:00:00.000Z',
      nextDueAt: '2026-12-14',
      runIds: [],
    },
  ],
  runs: [
    {
      id: '7a0c6b8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e',
      title: 'Quay 4 intrusion drill',
      scenario: 'unauthorised_access',
      type: 'drill',
      location: 'Quay 4',
      startedAt: '2026-08-21T08:00:00.000Z',
      completedAt: '2026-08-21T08:40:00.000Z',
      lead: 'Dana Whitfield',
      participants: [
        { name: 'Omar Haddad', present: true },
        { name: 'Li Wei', present: false },
      ],
      musterMs: 372_000,
      musterTargetMs: 480_000,
      observations: [{ kind: 'improvement', note: 'Gate 2 radio dead spot', author: 'Dana Whitfield' }],
      actions: [{ title: 'Add a repeater at gate 2', owner: 'Omar Haddad', dueDate: '2026-09-30', status: 'done' }],
      approval: { by: 'Dana Whitfield', at: '2026-08-22T09:00:00.000Z' },
    },
  ],
  documents: [],
};

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url');
const manifest = buildManifest(content, {
  packetId: '11111111-2222-4333-8444-555555555555',
  version: 2,
  issuedAt: '2026-11-26T10:00:00.000Z',
  kid: 'mk-test',
});
const hash = manifestSha256(manifest);
const payload = { v: 1 as const, p: manifest.packetId, m: hash, d: manifest.issuedAt, k: 'mk-test' };
const token = encodeToken(payload, sign(null, Buffer.from(tokenPayloadBytes(payload)), privateKey).toString('base64url'));
const meta: PacketPdfMeta = {
  packetId: manifest.packetId,
  version: 2,
  issuedAt: manifest.issuedAt,
  issuedBy: 'Dana Whitfield',
  kid: 'mk-test',
  manifest,
  manifestSha256: hash,
  shortCode: 'ABCDE23456',
  verifyUrl: `http://localhost:3000/verify-packet?t=${token}`,
  verifyPage: 'http://localhost:3000/verify-packet',
};

const rendered = new Map<LanguageCode, Buffer>();
beforeAll(async () => {
  for (const language of ['en', 'ar'] as const) {
    rendered.set(language, await packetPdf(content, meta, language, { name: 'Omar Haddad', at: new Date('2026-11-27T09:30:00Z') }));
    // PACKET_PDF_OUT=dir keeps the files, to look at them.
    if (process.env.PACKET_PDF_OUT) writeFileSync(`${process.env.PACKET_PDF_OUT}/packet-${language}.pdf`, rendered.get(language)!);
  }
});

describe('the packet manifest and token', () => {
  it('hashes every item and section, and changes when one item changes', () => {
    expect(manifest.items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      'rule:isps_b18_5',
      'rule:solas_iii_19_3',
      'run:7a0c6b8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e',
    ]);
    expect(manifest.sections.map((s) => s.name)).toEqual(['cover', 'rules', 'runs', 'documents']);
    const changed = structuredClone(content);
    changed.runs[0]!.participants[1]!.present = true;
    const other = buildManifest(changed, manifest);
    expect(other.items[2]!.sha256).not.toBe(manifest.items[2]!.sha256);
    expect(other.items[0]!.sha256).toBe(manifest.items[0]!.sha256);
    expect(manifestSha256(other)).not.toBe(hash);
  });

  it('writes a token whose signature verifies with the public key, and not once changed', () => {
    const decoded = decodeToken(token)!;
    expect(decoded.payload).toEqual(payload);
    expect(verifyWithPublicKey(rawPublic, decoded.bytes, decoded.signature)).toBe(true);
    const forged = canonicalJson({ ...payload, m: '0'.repeat(64) });
    expect(verifyWithPublicKey(rawPublic, forged, decoded.signature)).toBe(false);
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken(`${token.split('.')[0]!}.AAAA`)).toBeNull();
    expect(token.length).toBeLessThan(400);
  });
});

describe('the packet PDF', () => {
  it('shows every section in English, with the stamp of the download', () => {
    const text = extractText(rendered.get('en')!).replace(/\s+/g, ' ');
    for (const s of [
      'Compliance packet',
      'ISPS port facility',
      'Harbour Point Terminal',
      '2026-01-01 to 2026-11-26',
      formatShortCode('ABCDE23456'),
      'Waiver',
      'does not guarantee regulatory compliance',
      'Rule-by-rule status',
      'ISPS Code B/18.5',
      'Failing',
      'Last security drill 97 days ago; due every 90 days; overdue since 2026-11-19',
      'Passing',
      'Drill runs counted (1)',
      'Quay 4 intrusion drill',
      'Participants (1 of 2 present)',
      'Omar Haddad, Li Wei',
      '06:12 against a target of 08:00 — met',
      'Gate 2 radio dead spot',
      'Add a repeater at gate 2',
      'Approved by Dana Whitfield',
      'SOPs and documents',
      'None recorded',
      'Manifest',
      hash,
      'Downloaded by Omar Haddad',
      'mk-test',
    ]) {
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true });
    }
  });

  it('writes Arabic right to left in embedded fonts, with its labels and the Latin values', () => {
    const text = extractText(rendered.get('ar')!);
    for (const s of [
      'حزمة امتثال',
      'حالة كل قاعدة',
      'غير مستوفاة',
      'إخلاء المسؤولية',
      'Harbour Point Terminal',
      'ABCDE-23456',
      'ISPS Code B/18.5',
      'Quay 4 intrusion drill',
      'البيان',
    ]) {
      expect({ s, found: text.includes(s) }).toEqual({ s, found: true });
    }
    const fonts = poppler('pdffonts', rendered.get('ar')!).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/ yes yes /);
  });
});
