import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIT_BUNDLE_FILES, type AuditBundleManifest, type AuditBundleManifestFile } from '@muster/contracts';
import { ZipFile } from 'yazl';
import { canonicalJson } from '../../platform/signing/canonical-json.js';

/** One file of a bundle: its path in the zip, its bytes and what record it is (null for the bundle's own files). */
export interface BundleFile {
  path: string;
  body: Buffer;
  record: AuditBundleManifestFile['record'];
}

export interface WriteBundleOptions {
  /** The records' files, in order (read lazily: one at a time is held). */
  files: AsyncIterable<BundleFile> | Iterable<BundleFile>;
  /** Everything manifest.json says but the files. */
  head: Omit<AuditBundleManifest, 'files'>;
  /** The bundle's own files written after the records and listed in the manifest too (custody logs, README). */
  extras: () => Promise<BundleFile[]>;
  /** Signs manifest.json's bytes; answers manifest.sig's text. */
  sign: (manifestBytes: Buffer) => Promise<string>;
  /** Where the zip goes. */
  out: Writable;
  /** Told after each record's file is in the zip (1-based count). */
  onFile?: (written: number) => Promise<void> | void;
  /** The entries' modification time (the bundle's creation). */
  mtime: Date;
}

export interface WrittenBundle {
  manifest: AuditBundleManifest;
  manifestBytes: Buffer;
  manifestSha256: string;
  /** Entries in the zip (files, extras, manifest.json, manifest.sig). */
  entries: number;
  /** Bytes of the zip. */
  sizeBytes: number;
}

/** yazl's `Entry.FILE_DATA_DONE` (its entry states are not exported). */
const YAZL_FILE_DATA_DONE = 3;

/** How many entries are added between two turns of the event loop. */
const YIELD_EVERY = 256;

/** Bytes handed to the zip but not yet written out above which the next file waits. */
const HIGH_WATER_BYTES = 16 * 1024 * 1024;

function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * Writes an audit bundle as a zip (yazl: streamed, ZIP64 wherever a count, size or offset needs
 * it — more than 65,534 entries, files or offsets past 4 GiB): the records' files as they come
 * (stored, not deflated: evidence is PDFs and images, already compressed), then the extras, then
 * `manifest.json` (canonical JSON: path, size and SHA-256 of every file above) and
 * `manifest.sig` (its signature). At most HIGH_WATER_BYTES wait in memory for `out`.
 */
export async function writeBundleZip(options: WriteBundleOptions): Promise<WrittenBundle> {
  const zip = new ZipFile();
  let added = 0;
  let emitted = 0;
  let wake: (() => void) | null = null;
  zip.outputStream.on('data', (chunk: Buffer) => {
    emitted += chunk.length;
    wake?.();
  });
  const written = pipeline(zip.outputStream, options.out);
  // A failed `out` ends the wait below through the race; until then it is observed there.
  written.catch(() => undefined);

  const room = async (): Promise<void> => {
    while (added - emitted > HIGH_WATER_BYTES) {
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), written]);
      wake = null;
    }
  };

  // yazl looks for the next entry to write from the first one it was given, on every entry (and
  // once more on a setImmediate after each): with tens of thousands of entries that is quadratic
  // (70,000 small files took minutes). The entries already written are held aside while files are
  // added, the event loop is let through every YIELD_EVERY entries so yazl's deferred pumps run on
  // the short list, and the entries are given back, in order, before `end()` writes the central
  // directory from them.
  const queue = zip as unknown as { entries: Array<{ state: number }> };
  const writtenEntries: Array<{ state: number }> = [];
  let sinceYield = 0;
  const setAside = async (): Promise<void> => {
    sinceYield += 1;
    if (sinceYield >= YIELD_EVERY) {
      sinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    let k = 0;
    while (k < queue.entries.length && queue.entries[k]!.state === YAZL_FILE_DATA_DONE) k += 1;
    for (const entry of queue.entries.splice(0, k)) writtenEntries.push(entry);
  };

  const files: AuditBundleManifestFile[] = [];
  const seen = new Set<string>();
  const add = async (file: BundleFile, compress: boolean): Promise<void> => {
    if (seen.has(file.path)) throw new Error(`Duplicate bundle path ${JSON.stringify(file.path)}`);
    seen.add(file.path);
    await room();
    await setAside();
    zip.addBuffer(file.body, file.path, { mtime: options.mtime, compress });
    added += file.body.length;
    files.push({ path: file.path, size: file.body.length, sha256: sha256(file.body), record: file.record });
  };

  try {
    let count = 0;
    for await (const file of options.files) {
      await add(file, false);
      count += 1;
      await options.onFile?.(count);
    }
    for (const extra of await options.extras()) await add(extra, true);

    const manifest: AuditBundleManifest = { ...options.head, files };
    const manifestBytes = Buffer.from(canonicalJson(manifest), 'utf8');
    const signature = await options.sign(manifestBytes);
    await room();
    zip.addBuffer(manifestBytes, AUDIT_BUNDLE_FILES.manifest, { mtime: options.mtime, compress: true });
    zip.addBuffer(Buffer.from(`${signature}\n`, 'utf8'), AUDIT_BUNDLE_FILES.signature, { mtime: options.mtime, compress: false });
    sinceYield = YIELD_EVERY;
    await setAside();
    queue.entries = writtenEntries.concat(queue.entries);
    zip.end();
    await written;
    return { manifest, manifestBytes, manifestSha256: sha256(manifestBytes), entries: files.length + 2, sizeBytes: emitted };
  } catch (err) {
    // A file that fails (its hash no longer matches) ends the zip: the streams are closed, nothing is left open.
    (zip.outputStream as Readable).destroy();
    options.out.destroy();
    await written.catch(() => undefined);
    throw err;
  }
}

/** A file name safe in a zip path on every system: lower-case letters, digits and dashes, at most `max` characters. */
export function slugOf(text: string, max = 40): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return slug || 'record';
}

/** The extension of a record's file, from its name or its type. */
export function extensionOf(fileName: string, contentType: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  if (match) return match[1]!.toLowerCase();
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'image/png') return 'png';
  if (contentType === 'image/jpeg') return 'jpg';
  if (contentType.startsWith('text/csv')) return 'csv';
  if (contentType.startsWith('application/json')) return 'json';
  return 'bin';
}

/** `records/<kind>/<date>-<slug>-<id8>.<ext>`: the date is the start of the record's period. */
export function recordPath(record: {
  id: string;
  kind: string;
  title: string;
  from: string;
  fileName: string;
  contentType: string;
}): string {
  return `records/${record.kind}/${record.from}-${slugOf(record.title)}-${record.id.slice(0, 8)}.${extensionOf(record.fileName, record.contentType)}`;
}
