import type { SiemDisabledReason, SiemFormat } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';

/** A signing secret of a destination; a rotated-out one signs beside the new one until it expires. */
export interface SiemSecret {
  id: string;
  secret: string;
  createdAt: string;
  expiresAt: string | null;
}

/** Where an organisation's audit events are streamed, in which format, with which filters. */
@Entity({ name: 'siem_destinations' })
export class SiemDestinationRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('siem_destinations_org_id_idx')
  @ForeignKey(() => Organization, { onDelete: 'CASCADE', name: 'siem_destinations_org_id_fkey' })
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 2000 })
  url: string;

  @Column({ type: 'varchar', length: 24 })
  format: SiemFormat;

  /** OCSF classes streamed (empty: all). */
  @Column({ name: 'class_uids', type: 'integer', array: true, default: () => "'{}'" })
  classUids: number[];

  @Column({ name: 'min_severity_id', type: 'smallint', default: 1 })
  minSeverityId: number;

  /** Sent as the Authorization header (a Splunk HEC token, an Elastic API key). */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  authorization: string | null;

  /** Current secret first; rotated-out ones until their `expiresAt`. */
  @Column({ type: 'jsonb' })
  secrets: SiemSecret[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 16, nullable: true })
  disabledReason: SiemDisabledReason | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** The receiver asked to slow down (429/502/504, Retry-After): nothing is sent before then. */
  @Column({ name: 'throttled_until', type: 'timestamptz', nullable: true })
  throttledUntil: Date | null;

  /** The first failure since the last success (null: healthy). */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_delivered_at', type: 'timestamptz', nullable: true })
  lastDeliveredAt: Date | null;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
