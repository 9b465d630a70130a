import type { BroadcastDisplay, BroadcastSeverity, BroadcastTarget, BroadcastTexts } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A platform broadcast (platform-level: its target may name organisations). */
@Entity({ name: 'broadcasts' })
@Index('broadcasts_window_idx', ['startsAt', 'endsAt'])
@Check('broadcasts_severity_check', `"severity" IN ('info', 'warning', 'critical')`)
@Check('broadcasts_display_check', `"display" IN ('banner', 'notification')`)
export class BroadcastRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'jsonb' })
  texts: BroadcastTexts;

  @Column({ type: 'varchar', length: 16 })
  severity: BroadcastSeverity;

  @Column({ type: 'varchar', length: 16 })
  display: BroadcastDisplay;

  @Column({ name: 'requires_ack', type: 'boolean', default: false })
  requiresAck: boolean;

  @Column({ type: 'jsonb' })
  target: BroadcastTarget;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  @Column({ name: 'created_by_user_id', type: 'uuid', nullable: true })
  createdByUserId: string | null;

  @Column({ name: 'created_by_name', type: 'varchar', length: 200 })
  createdByName: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** One reader's acknowledgement (or dismissal) of a broadcast. */
@Entity({ name: 'broadcast_acks' })
@Index('broadcast_acks_key', ['broadcastId', 'userId'], { unique: true })
export class BroadcastAckRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'broadcast_id', type: 'uuid' })
  broadcastId: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** The reader's organisation when they acknowledged (null for platform staff). */
  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @CreateDateColumn({ name: 'acknowledged_at', type: 'timestamptz' })
  acknowledgedAt: Date;
}
