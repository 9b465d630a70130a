import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { parseConfig } from '../../config/config.js';
import { NotFoundError } from '../errors/domain-error.js';
import { cleanFilename, detectFileType } from './file-type.js';
import { LocalDiskDriver } from './local-disk.driver.js';
import { isValidStorageKey } from './storage-key.js';
import { localStorageDir, StorageService } from './storage.service.js';
import { StorageOverwriteError } from './storage.types.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('storage keys', () => {
  it.each(['tickets/org-1/abc', 'a', 'chat/platform/0f9e.pdf', 'x/y_z-1.2/w'])('accepts %s', (key) => {
    expect(isValidStorageKey(key)).toBe(true);
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside',
    'a/../../b',
    'a/..',
    'a//b',
    'a/',
    '.hidden',
    'a\\b',
    'a/b c',
    'a\u0000b',
    'é',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
  });
});

describe('LocalDiskDriver', () => {
  let root: string;
  let driver: LocalDiskDriver;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'muster-storage-'));
    driver = new LocalDiskDriver(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores, reads and removes a file with its content type', async () => {
    await driver.put('tickets/org/one', Buffer.from('hello'), 'application/pdf');
    const found = await driver.read('tickets/org/one');
    expect(found).toMatchObject({ size: 5, contentType: 'application/pdf' });
    expect(await text(found!.stream)).toBe('hello');

    await driver.put('tickets/org/one', Buffer.from('replaced'), 'image/png');
    const again = await driver.read('tickets/org/one');
    expect(again).toMatchObject({ size: 8, contentType: 'image/png' });
    expect(await text(again!.stream)).toBe('replaced');

    await driver.remove('tickets/org/one');
    expect(await driver.read('tickets/org/one')).toBeNull();
    // Removing twice is fine.
    await driver.remove('tickets/org/one');
  });

  it('answers null for a missing key, and for a key under a file', async () => {
    expect(await driver.read('nothing/here')).toBeNull();
    await driver.put('file', Buffer.from('x'), 'image/gif');
    expect(await driver.read('file/below')).toBeNull();
  });

  it('leaves no temporary files behind', async () => {
    await driver.put('a/b', Buffer.from('1'), 'image/png');
    expect(await readdir(join(root, 'objects', 'a'))).toEqual(['b']);
    expect(await readdir(join(root, 'meta', 'a'))).toEqual(['b.json']);
  });

  it('writes a new object once and refuses to overwrite it (putNew), keeping the first bytes and no temporary file', async () => {
    await driver.putNew('evidence/org/record', Buffer.from('original'), 'application/pdf');
    await expect(driver.putNew('evidence/org/record', Buffer.from('tampered'), 'image/png')).rejects.toBeInstanceOf(StorageOverwriteError);
    const kept = await driver.read('evidence/org/record');
    expect(kept).toMatchObject({ size: 8, contentType: 'application/pdf' });
    expect(await text(kept!.stream)).toBe('original');
    expect(await readdir(join(root, 'objects', 'evidence', 'org'))).toEqual(['record']);
    // An object written by `put` is refused too.
    await driver.put('evidence/org/other', Buffer.from('x'), 'image/png');
    await expect(driver.putNew('evidence/org/other', Buffer.from('y'), 'image/png')).rejects.toBeInstanceOf(StorageOverwriteError);
  });

  it('refuses keys that would leave its directory', async () => {
    await expect(driver.put('../escape', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid storage key');
    await expect(driver.read('/etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(driver.remove('a/../../b')).rejects.toThrow('Invalid storage key');
    expect(await readdir(root).catch(() => [])).toEqual([]);
  });
});

describe('StorageService', () => {
  it('keeps files under STORAGE_DIR, or DATA_DIR/storage by default', () => {
    expect(localStorageDir(parseConfig({}))).toBe(resolve('.data', 'storage'));
    expect(localStorageDir(parseConfig({ DATA_DIR: '/var/lib/muster' }))).toBe('/var/lib/muster/storage');
    expect(localStorageDir(parseConfig({ STORAGE_DIR: '/srv/files' }))).toBe('/srv/files');
  });

  it('reads a missing file as a NotFound domain error', async () => {
    const root = await mkdtemp(join(tmpdir(), 'muster-storage-'));
    try {
      const storage = new StorageService(parseConfig({ STORAGE_DIR: root }));
      await storage.onModuleInit();
      await storage.put('k/1', Buffer.from('abc'), 'image/png');
      expect((await storage.read('k/1')).size).toBe(3);
      await storage.remove('k/1');
      await expect(storage.read('k/1')).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('needs a bucket for the S3 driver', () => {
    expect(() => parseConfig({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET is required when STORAGE_DRIVER=s3');
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'muster', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_SECRET_ACCESS_KEY');
    expect(parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'muster', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
  });
});

describe('detectFileType', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['application/pdf', bytes('%PDF-1.7\n')],
  ])('reads %s from its magic bytes', (type, content) => {
    expect(detectFileType(content)).toBe(type);
  });

  it.each([
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04])],
    ['nothing', bytes()],
  ])('refuses %s', (_what, content) => {
    expect(detectFileType(content)).toBeNull();
  });
});

describe('cleanFilename', () => {
  it('keeps the last path segment without control characters or quotes', () => {
    expect(cleanFilename('C:\\Users\\me\\report "final".pdf', 'application/pdf')).toBe('report final.pdf');
    expect(cleanFilename('../../etc/photo.png', 'image/png')).toBe('photo.png');
    expect(cleanFilename('a\u0000b\r\n.png', 'image/png')).toBe('ab.png');
  });

  it('names a file without a usable name by its type', () => {
    expect(cleanFilename(undefined, 'image/jpeg')).toBe('attachment.jpg');
    expect(cleanFilename('..', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFilename('   ', 'image/webp')).toBe('attachment.webp');
  });
});
