import type { RenderStage, RenderStatus } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { CustodyActor } from '../../evidence/custody.service.js';
import { AuditorInvite } from '../../identity/entities/auditor-invite.entity.js';

/**
 * One audit bundle of a guest auditor: the records it holds (fixed when asked for), where its
 * build is, and once built the zip's storage key, size, the manifest's SHA-256 and its Ed25519
 * signature. The zip is kept for the invite's lifetime: the hourly sweep removes it once the invite
 * has expired or was revoked; the row stays, so its manifest can still be checked on /verify-packet.
 */
@Entity({ name: 'audit_bundles' })
@Index('idx_audit_bundles_org', ['orgId', 'inviteId', 'createdAt'])
@Index('idx_audit_bundles_manifest', ['manifestSha256'])
export class AuditBundleRow extends OrgOwnedEntity {
  @Column({ name: 'invite_id', type: 'uuid' })
  inviteId: string;

  @ManyToOne(() => AuditorInvite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invite_id', foreignKeyConstraintName: 'audit_bundles_invite_id_fkey' })
  invite?: Relation<AuditorInvite>;

  /** Who asked (the auditor, as custody names them): the worker records the custody events as them. */
  @Column({ name: 'requested_by', type: 'jsonb' })
  requestedBy: CustodyActor;

  /** The records bundled, in the order they are written. */
  @Column({ name: 'record_ids', type: 'jsonb' })
  recordIds: string[];

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: RenderStatus;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  stage: RenderStage;

  @Column({ type: 'int', default: 0 })
  percent: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 300, nullable: true })
  storageKey: string | null;

  @Column({
    name: 'size_bytes',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) },
  })
  sizeBytes: number | null;

  /** SHA-256 (hex) of manifest.json's bytes. */
  @Column({ name: 'manifest_sha256', type: 'char', length: 64, nullable: true })
  manifestSha256: string | null;

  /** How many files the manifest lists. */
  @Column({ name: 'file_count', type: 'int', nullable: true })
  fileCount: number | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  kid: string | null;

  /** Ed25519 over manifest.json's bytes, base64url. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  signature: string | null;

  /** Why it failed (a reason of the contracts). */
  @Column({ type: 'varchar', length: 80, nullable: true })
  reason: string | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
