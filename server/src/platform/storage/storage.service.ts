import { resolve } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { NotFoundError } from '../errors/domain-error.js';
import { LocalDiskDriver } from './local-disk.driver.js';
import type { StorageDriver, StoredObject } from './storage.types.js';

/** The directory of the local driver: STORAGE_DIR, else DATA_DIR/storage. */
export function localStorageDir(config: Pick<AppConfig, 'STORAGE_DIR' | 'DATA_DIR'>): string {
  return resolve(config.STORAGE_DIR ?? resolve(config.DATA_DIR, 'storage'));
}

/**
 * Files (attachments and other uploads) by key. Keys are chosen by the server
 * (`<area>/<org or "platform">/<id>`), never by clients; an invalid key is a programming error.
 * The S3 client is loaded only when STORAGE_DRIVER=s3.
 */
@Injectable()
export class StorageService implements OnModuleInit {
  private driver: StorageDriver | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.driver = await createDriver(this.config);
  }

  private get ready(): StorageDriver {
    if (!this.driver) throw new Error('StorageService used before the module was initialised');
    return this.driver;
  }

  put(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.ready.put(key, body, contentType);
  }

  /** Writes an object that must not exist yet; an existing one is kept and `StorageOverwriteError` thrown. */
  putNew(key: string, body: Buffer, contentType: string): Promise<void> {
    return this.ready.putNew(key, body, contentType);
  }

  /** Stores a local file under `key`, streamed (large outputs such as audit bundles). */
  putFile(key: string, path: string, contentType: string): Promise<void> {
    return this.ready.putFile(key, path, contentType);
  }

  /** The stored file, or NotFound (404) when there is none under `key`. */
  async read(key: string): Promise<StoredObject> {
    const found = await this.ready.read(key);
    if (!found) throw new NotFoundError('file');
    return found;
  }

  remove(key: string): Promise<void> {
    return this.ready.remove(key);
  }
}

export async function createDriver(config: AppConfig): Promise<StorageDriver> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Driver } = await import('./s3.driver.js');
    return new S3Driver({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskDriver(localStorageDir(config));
}
