import type { Readable } from 'node:stream';

/** A stored object opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
  contentType?: string;
}

/** One place files are kept: the local disk or an S3-compatible bucket. */
export interface StorageDriver {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Writes an object that must not exist yet (evidence): an existing one is never overwritten,
   * the call fails with `StorageOverwriteError` instead (atomically: a hard link on disk, a
   * conditional `If-None-Match: *` PUT on S3).
   */
  putNew(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a local file's bytes under `key` (replacing what is there), streamed: large files (audit bundles) are never held in memory. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  read(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** A write-once object already exists under the key. */
export class StorageOverwriteError extends Error {
  constructor(readonly key: string) {
    super(`A stored object already exists under ${JSON.stringify(key)}: it cannot be overwritten`);
    this.name = 'StorageOverwriteError';
  }
}
