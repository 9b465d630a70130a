import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import type { SiemDeliveryStatus } from '@muster/contracts';
import { Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { SiemDestinationRow } from './siem-destination.entity.js';

/**
 * One event for one destination: the outbox row written in the audit event's own transaction, and
 * the delivery log's line. Its job is only a pointer to it; the row holds the truth.
 */
@Entity({ name: 'siem_deliveries' })
@Index('siem_deliveries_destination_created_idx', ['destinationId', 'createdAt'])
@Index('siem_deliveries_pending_idx', ['nextAttemptAt'], { where: "status = 'pending'" })
@Index('siem_deliveries_unmetered_idx', ['orgId'], { where: "status = 'delivered' AND NOT metered AND NOT test" })
export class SiemDeliveryRow extends OrgOwnedEntity {
  @ForeignKey(() => SiemDestinationRow, { onDelete: 'CASCADE', name: 'siem_deliveries_destination_id_fkey' })
  @Column({ name: 'destination_id', type: 'uuid' })
  destinationId: string;

  /** The audit event (null for a test event). */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;

  /** `webhook-id`: the same on every attempt and every replay. */
  @Column({ name: 'webhook_id', type: 'varchar', length: 64 })
  webhookId: string;

  @Column({ type: 'boolean', default: false })
  test: boolean;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  /** The body of a test event (real events are built from the audit row at each attempt). */
  @Column({ type: 'jsonb', nullable: true })
  payload: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: SiemDeliveryStatus;

  /** Attempts of the current schedule (a replay starts a new one). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Replays so far; part of the job id, so each replay is a new job. */
  @Column({ type: 'integer', default: 0 })
  replays: number;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_latency_ms', type: 'integer', nullable: true })
  lastLatencyMs: number | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  /** Counted as `siem_events` usage already. */
  @Column({ type: 'boolean', default: false })
  metered: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One request to a receiver: what it answered, or why it failed. */
@Entity({ name: 'siem_delivery_attempts' })
@Index('siem_delivery_attempts_delivery_idx', ['deliveryId', 'at'])
export class SiemDeliveryAttemptRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ForeignKey(() => SiemDeliveryRow, { onDelete: 'CASCADE', name: 'siem_delivery_attempts_delivery_id_fkey' })
  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @Column({ type: 'integer' })
  attempt: number;

  @Column({ type: 'timestamptz' })
  at: Date;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ name: 'latency_ms', type: 'integer', nullable: true })
  latencyMs: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  @Column({ name: 'response_snippet', type: 'varchar', length: 1024, nullable: true })
  responseSnippet: string | null;
}
