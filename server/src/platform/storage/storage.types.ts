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
  /** The object, or null when there is none under `key`. */
  read(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
}
