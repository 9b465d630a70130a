import { Column, Entity, Index } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';

/**
 * A file the server made of a packet, by its SHA-256: the issued file, and each download (a copy
 * stamped with who downloaded it and when, so its bytes differ). The public page matches a chosen
 * file's hash against these.
 */
@Entity({ name: 'compliance_packet_files' })
@Index('idx_compliance_packet_files_org', ['orgId', 'packetId'])
@Index('idx_compliance_packet_files_hash', ['sha256'])
export class PacketFileRow extends OrgOwnedEntity {
  @Column({ name: 'packet_id', type: 'uuid' })
  packetId: string;

  @Column({ type: 'varchar', length: 16 })
  kind: 'issued' | 'download';

  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  /** Who downloaded it (null for the issued file). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 8 })
  language: string;
}
