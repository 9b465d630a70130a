import type { PacketContent, PacketManifest, PacketState } from '@muster/contracts';
import { Column, Entity, Index, PrimaryColumn, CreateDateColumn } from 'typeorm';

/**
 * One issued compliance packet. Everything but its state is frozen when it is issued (a database
 * trigger refuses any other change, and no route changes one): its content, manifest, signatures
 * and the issued PDF's hash. Its state moves issued → superseded (a newer version of the same
 * profile and period) or → revoked (by an ADMIN, with a reason).
 */
@Entity({ name: 'compliance_packets' })
@Index('idx_compliance_packets_org', ['orgId', 'issuedAt'])
@Index('uq_compliance_packets_version', ['orgId', 'profileId', 'periodFrom', 'periodTo', 'version'], { unique: true })
@Index('uq_compliance_packets_code', ['shortCode'], { unique: true })
export class PacketRow {
  /** Chosen before rendering (the QR code carries it). */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'profile_id', type: 'varchar', length: 64 })
  profileId: string;

  @Column({ name: 'profile_name', type: 'varchar', length: 200 })
  profileName: string;

  @Column({ name: 'org_name', type: 'varchar', length: 200 })
  orgName: string;

  /** YYYY-MM-DD, both included. */
  @Column({ name: 'period_from', type: 'date' })
  periodFrom: string;

  @Column({ name: 'period_to', type: 'date' })
  periodTo: string;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'varchar', length: 16, default: 'issued' })
  state: PacketState;

  @Column({ name: 'short_code', type: 'varchar', length: 10 })
  shortCode: string;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  @Column({ name: 'issued_by_user_id', type: 'uuid' })
  issuedByUserId: string;

  @Column({ name: 'issued_by_name', type: 'varchar', length: 200 })
  issuedByName: string;

  /** The language the issued PDF was written in. */
  @Column({ type: 'varchar', length: 8 })
  language: string;

  @Column({ type: 'jsonb' })
  content: PacketContent;

  @Column({ type: 'jsonb' })
  manifest: PacketManifest;

  @Column({ name: 'manifest_sha256', type: 'varchar', length: 64 })
  manifestSha256: string;

  @Column({ type: 'varchar', length: 40 })
  kid: string;

  /** Ed25519 over the canonical manifest, base64url. */
  @Column({ type: 'varchar', length: 100 })
  signature: string;

  /** The QR code's signed token. */
  @Column({ type: 'varchar', length: 600 })
  token: string;

  @Column({ name: 'pdf_sha256', type: 'varchar', length: 64 })
  pdfSha256: string;

  /** Ed25519 over the canonical `{ packetId, manifestSha256, pdfSha256 }`, base64url. */
  @Column({ name: 'file_signature', type: 'varchar', length: 100 })
  fileSignature: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 200 })
  storageKey: string;

  @Column({ name: 'superseded_by_id', type: 'uuid', nullable: true })
  supersededById: string | null;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 500, nullable: true })
  revokedReason: string | null;

  @Column({ name: 'revoked_by_user_id', type: 'uuid', nullable: true })
  revokedByUserId: string | null;
}
