import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../platform/errors/domain-error.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { StorageOverwriteError } from '../../platform/storage/storage.types.js';
import { CustodyService, type CustodyActor } from './custody.service.js';
import type { EvidenceRecordRow } from './entities/evidence-record.entity.js';

export function sha256Of(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/** Where a record's file is kept: written once, never overwritten. */
export function evidenceStorageKey(orgId: string, recordId: string): string {
  return `evidence/${orgId}/${recordId}`;
}

/**
 * Evidence files: stored write-once (`putNew`), read back only after their bytes are hashed again
 * and found equal to the hash taken on ingest. A mismatch is never served: it is a custody event
 * (`integrity_failed`) and a 409 with `evidence.integrityFailed`.
 */
@Injectable()
export class EvidenceFilesService {
  constructor(
    private readonly storage: StorageService,
    private readonly custody: CustodyService,
  ) {}

  /** Stores a new record's bytes; an existing object under the key is a 409 (`evidence.storageRefused`), never replaced. */
  async store(key: string, body: Buffer, contentType: string): Promise<void> {
    try {
      await this.storage.putNew(key, body, contentType);
    } catch (err) {
      if (err instanceof StorageOverwriteError) throw new DomainError('CONFLICT', 'evidence.storageRefused');
      throw err;
    }
  }

  /** The record's bytes, checked against its SHA-256; `reader` is named in the custody event of a mismatch. */
  async readVerified(row: EvidenceRecordRow, reader: CustodyActor): Promise<Buffer> {
    const file = await this.storage.read(row.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    const body = Buffer.concat(chunks);
    const actual = sha256Of(body);
    if (actual !== row.sha256) {
      await this.custody.record(row.orgId, [row.id], 'integrity_failed', reader, null, { expected: row.sha256, actual });
      throw new DomainError('CONFLICT', 'evidence.integrityFailed');
    }
    return body;
  }
}
