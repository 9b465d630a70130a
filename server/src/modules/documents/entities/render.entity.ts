import type { RenderKind, RenderStage, RenderStatus } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a render was asked for, with who asked (so the worker acts as them) and how they came. */
export interface RenderParams {
  request: Record<string, unknown>;
  requester: {
    userId: string;
    orgId: string | null;
    role: string;
    name: string;
    email: string | null;
    ip: string;
    userAgent: string | null;
    /** The organisation's time zone when the render was asked for (absent in older renders). */
    timeZone?: string;
  };
}

/** One render of the documents engine: its request, where it is, and the file it made. */
@Entity({ name: 'document_renders' })
@Index('idx_document_renders_requester', ['requestedBy', 'createdAt'])
export class RenderRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  /** The user who asked; only they read it and download its file. */
  @Column({ name: 'requested_by', type: 'uuid' })
  requestedBy: string;

  @Column({ type: 'varchar', length: 40 })
  kind: RenderKind;

  @Column({ type: 'jsonb' })
  params: RenderParams;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: RenderStatus;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  stage: RenderStage;

  @Column({ type: 'int', default: 0 })
  percent: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 200, nullable: true })
  storageKey: string | null;

  @Column({ name: 'file_name', type: 'varchar', length: 200, nullable: true })
  fileName: string | null;

  @Column({ name: 'content_type', type: 'varchar', length: 100, nullable: true })
  contentType: string | null;

  @Column({ name: 'size_bytes', type: 'int', nullable: true })
  sizeBytes: number | null;

  /** Why it failed (a reason of the contracts). */
  @Column({ type: 'varchar', length: 80, nullable: true })
  reason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** The record a render of a kind that keeps its own result added (an evidence snapshot's record). */
  @Column({ name: 'record_id', type: 'uuid', nullable: true })
  recordId: string | null;
}
