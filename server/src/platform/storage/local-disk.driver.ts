import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertStorageKey } from './storage-key.js';
import { StorageOverwriteError, type StorageDriver, type StoredObject } from './storage.types.js';

/**
 * Files on the local disk: `<root>/objects/<key>` with the content type beside it in
 * `<root>/meta/<key>.json`. Writes go to a temporary file renamed into place, so a reader never
 * sees half a file.
 */
export class LocalDiskDriver implements StorageDriver {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The object's and its metadata's paths, checked to stay under the root. */
  private paths(key: string): { object: string; meta: string } {
    assertStorageKey(key);
    const objects = join(this.root, 'objects');
    const metas = join(this.root, 'meta');
    const object = resolve(objects, ...key.split('/'));
    const meta = resolve(metas, ...key.split('/')) + '.json';
    if (!object.startsWith(objects + sep) || !meta.startsWith(metas + sep)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    return { object, meta };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const { object, meta } = this.paths(key);
    await Promise.all([mkdir(dirname(object), { recursive: true }), mkdir(dirname(meta), { recursive: true })]);
    const tmp = `.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(meta + tmp, JSON.stringify({ contentType }));
    await rename(meta + tmp, meta);
    await writeFile(object + tmp, body);
    await rename(object + tmp, object);
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const { object, meta } = this.paths(key);
    await Promise.all([mkdir(dirname(object), { recursive: true }), mkdir(dirname(meta), { recursive: true })]);
    const tmp = `.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(meta + tmp, JSON.stringify({ contentType }));
    await rename(meta + tmp, meta);
    await copyFile(path, object + tmp);
    await rename(object + tmp, object);
  }

  /** Written to a temporary file, then hard-linked into place: `link` fails with EEXIST rather than replace an object. */
  async putNew(key: string, body: Buffer, contentType: string): Promise<void> {
    const { object, meta } = this.paths(key);
    await Promise.all([mkdir(dirname(object), { recursive: true }), mkdir(dirname(meta), { recursive: true })]);
    const tmp = `${object}.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(tmp, body, { flag: 'wx' });
    try {
      await link(tmp, object);
    } catch (err) {
      if ((err as NodeJS.ErrnoException | null)?.code === 'EEXIST') throw new StorageOverwriteError(key);
      throw err;
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
    const metaTmp = `${meta}.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(metaTmp, JSON.stringify({ contentType }));
    await rename(metaTmp, meta);
  }

  async read(key: string): Promise<StoredObject | null> {
    const { object, meta } = this.paths(key);
    const stats = await stat(object).catch((err: unknown) => {
      const code = (err as NodeJS.ErrnoException | null)?.code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw err;
    });
    if (!stats?.isFile()) return null;
    const contentType = await readFile(meta, 'utf8')
      .then((text) => (JSON.parse(text) as { contentType?: unknown }).contentType)
      .catch(() => undefined);
    return {
      stream: createReadStream(object),
      size: stats.size,
      ...(typeof contentType === 'string' ? { contentType } : {}),
    };
  }

  async remove(key: string): Promise<void> {
    const { object, meta } = this.paths(key);
    await Promise.all([rm(object, { force: true }), rm(meta, { force: true })]);
  }
}
