import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_BUNDLE_FORMAT, type AuditBundleManifest } from '@muster/contracts';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { recordPath, slugOf, writeBundleZip, type BundleFile } from './bundle-zip.js';

const head: Omit<AuditBundleManifest, 'files'> = {
  format: AUDIT_BUNDLE_FORMAT,
  bundleId: '00000000-0000-4000-8000-000000000001',
  organisation: { id: '00000000-0000-4000-8000-000000000002', name: 'Harbour Port' },
  auditor: { inviteId: '00000000-0000-4000-8000-000000000003', name: 'Sam Auditor', firm: 'Harbour Assurance', email: 'sam@example.com' },
  scope: { profiles: [], facilities: [], from: '2026-01-01', to: '2026-12-31' },
  createdAt: '2026-11-27T00:00:00.000Z',
  signature: { alg: 'Ed25519', kid: 'mk-test', keys: '/.well-known/muster-packet-keys.json', file: 'manifest.sig' },
};

function openArchive(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    openZip(path, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

/** Every entry of the archive with its bytes (small archives) or only its header (`withBodies: false`). */
async function entriesOf(zip: ZipFile, withBodies: boolean): Promise<Array<{ entry: Entry; body: Buffer | null }>> {
  const out: Array<{ entry: Entry; body: Buffer | null }> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      if (!withBodies) {
        out.push({ entry, body: null });
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err) {
          reject(err);
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          out.push({ entry, body: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

/** `n` tiny files, handed over as an async iterable like the records' reader does. */
function smallFiles(n: number): AsyncIterable<BundleFile> {
  return {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        next: () =>
          Promise.resolve(
            i < n
              ? {
                  done: false as const,
                  value: { path: `records/file/${String(i).padStart(6, '0')}.txt`, body: Buffer.from(`evidence ${i++}\n`), record: null },
                }
              : { done: true as const, value: undefined },
          ),
      };
    },
  };
}

describe('writeBundleZip', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'muster-bundle-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the files, the extras, a manifest that matches them and a signature over its bytes', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const path = join(dir, 'small.zip');
    const records: BundleFile[] = [
      { path: 'records/file/a.pdf', body: Buffer.from('%PDF-1.7 a'), record: null },
      { path: 'records/file/b.png', body: Buffer.alloc(70_000, 7), record: null },
    ];
    const done: number[] = [];
    const result = await writeBundleZip({
      files: records,
      head,
      extras: () => Promise.resolve([{ path: 'README.txt', body: Buffer.from('how to verify'), record: null }]),
      sign: (bytes) => Promise.resolve(sign(null, bytes, privateKey).toString('base64')),
      out: createWriteStream(path),
      onFile: (n) => {
        done.push(n);
      },
      mtime: new Date('2026-11-27T00:00:00Z'),
    });
    expect(done).toEqual([1, 2]);
    expect(result.entries).toBe(5);

    const zip = await openArchive(path);
    const entries = await entriesOf(zip, true);
    zip.close();
    const byName = new Map(entries.map((e) => [e.entry.fileName, e.body!]));
    expect([...byName.keys()]).toEqual(['records/file/a.pdf', 'records/file/b.png', 'README.txt', 'manifest.json', 'manifest.sig']);
    const manifestBytes = byName.get('manifest.json')!;
    expect(createHash('sha256').update(manifestBytes).digest('hex')).toBe(result.manifestSha256);
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as AuditBundleManifest;
    expect(manifest.files.map((f) => f.path)).toEqual(['records/file/a.pdf', 'records/file/b.png', 'README.txt']);
    for (const file of manifest.files) {
      const body = byName.get(file.path)!;
      expect(body.length).toBe(file.size);
      expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    }
    const signature = Buffer.from(byName.get('manifest.sig')!.toString('utf8').trim(), 'base64');
    expect(verify(null, manifestBytes, publicKey, signature)).toBe(true);
    expect(verify(null, Buffer.concat([manifestBytes, Buffer.from(' ')]), publicKey, signature)).toBe(false);
  });

  it('writes 70,000 small files as a valid ZIP64 archive', async () => {
    const path = join(dir, 'many.zip');
    const n = 70_000;
    const result = await writeBundleZip({
      files: smallFiles(n),
      head,
      extras: () => Promise.resolve([{ path: 'README.txt', body: Buffer.from('how to verify'), record: null }]),
      sign: () => Promise.resolve('c2lnbmF0dXJl'),
      out: createWriteStream(path),
      mtime: new Date('2026-11-27T00:00:00Z'),
    });
    expect(result.entries).toBe(n + 3);

    // The end of central directory: the classic record says 0xFFFF entries, the ZIP64 record the real count.
    const handle = await open(path, 'r');
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(size, 1024));
    await handle.read(tail, 0, tail.length, size - tail.length);
    await handle.close();
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(eocd).toBeGreaterThan(0);
    expect(tail.readUInt16LE(eocd + 10)).toBe(0xffff);
    const locator = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    expect(locator).toBe(eocd - 20);
    const zip64Eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(zip64Eocd).toBe(locator - 56);
    expect(Number(tail.readBigUInt64LE(zip64Eocd + 32))).toBe(n + 3);

    // yauzl reads it through the ZIP64 record: every entry, in order.
    const zip = await openArchive(path);
    expect(zip.entryCount).toBe(n + 3);
    const entries = await entriesOf(zip, false);
    zip.close();
    expect(entries).toHaveLength(n + 3);
    expect(entries[0]!.entry.fileName).toBe('records/file/000000.txt');
    expect(entries[n - 1]!.entry.fileName).toBe(`records/file/${String(n - 1).padStart(6, '0')}.txt`);
    expect(entries.slice(n).map((e) => e.entry.fileName)).toEqual(['README.txt', 'manifest.json', 'manifest.sig']);
    const last = entries[n - 1]!.entry;
    expect(last.uncompressedSize).toBe(`evidence ${n - 1}\n`.length);
  }, 60_000);

  it('closes its output when a file fails, and passes the failure on', async () => {
    const path = join(dir, 'failed.zip');
    const out = createWriteStream(path);
    const failure = new Error('hash mismatch');
    const files: AsyncIterable<BundleFile> = {
      [Symbol.asyncIterator]() {
        let i = 0;
        return {
          next: () =>
            i++ === 0
              ? Promise.resolve({ done: false as const, value: { path: 'records/file/a.pdf', body: Buffer.from('a'), record: null } })
              : Promise.reject(failure),
        };
      },
    };
    await expect(
      writeBundleZip({ files, head, extras: () => Promise.resolve([]), sign: () => Promise.resolve('x'), out, mtime: new Date() }),
    ).rejects.toBe(failure);
    expect(out.destroyed).toBe(true);
  });

  it('names records by kind, period start, title and id', () => {
    expect(
      recordPath({
        id: 'a1b2c3d4-0000-4000-8000-000000000000',
        kind: 'drill_run',
        title: 'Fire drill — Pier 4 (Q1)',
        from: '2026-03-01',
        fileName: 'report',
        contentType: 'application/pdf',
      }),
    ).toBe('records/drill_run/2026-03-01-fire-drill-pier-4-q1-a1b2c3d4.pdf');
    expect(slugOf('消防演习')).toBe('record');
  });
});
