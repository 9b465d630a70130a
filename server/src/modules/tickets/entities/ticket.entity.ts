import type { LanguageCode, TicketCategory, TicketPriority, TicketStatus } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Generated, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A support ticket. It belongs to the requester's organisation (`org_id`); tickets opened for
 * visitors without an account (contact form, live chat when no operator is online) have none
 * and are seen by support operators only. Names are kept as they were when written.
 */
@Entity({ name: 'tickets' })
@Check('tickets_requester_language_check', `"requester_language" IS NULL OR "requester_language" IN ('en', 'es', 'zh', 'ar')`)
@Index('idx_tickets_org_created', ['orgId', 'createdAt'])
@Index('idx_tickets_status_created', ['status', 'createdAt'])
export class Ticket {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Human reference (#1042). */
  @Column({ type: 'integer', unique: true })
  @Generated('increment')
  number: number;

  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @Column({ name: 'org_name', type: 'varchar', length: 200, nullable: true })
  orgName: string | null;

  @Index('idx_tickets_requester')
  @Column({ name: 'requester_user_id', type: 'uuid', nullable: true })
  requesterUserId: string | null;

  @Column({ name: 'requester_name', type: 'varchar', length: 200 })
  requesterName: string;

  @Column({ name: 'requester_email', type: 'varchar', length: 254 })
  requesterEmail: string;

  /**
   * The language the requester wrote in (the contact form's, the chat's, the page's), when known:
   * emails about the ticket are written in it unless the requester is a user with a language.
   */
  @Column({ name: 'requester_language', type: 'varchar', length: 5, nullable: true })
  requesterLanguage: LanguageCode | null;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 20 })
  category: TicketCategory;

  @Column({ type: 'varchar', length: 10 })
  priority: TicketPriority;

  @Column({ type: 'varchar', length: 10, default: 'open' })
  status: TicketStatus;

  @Index('idx_tickets_assignee')
  @Column({ name: 'assignee_user_id', type: 'uuid', nullable: true })
  assigneeUserId: string | null;

  @Column({ name: 'assignee_name', type: 'varchar', length: 200, nullable: true })
  assigneeName: string | null;

  @Column({ name: 'first_response_due_at', type: 'timestamptz' })
  firstResponseDueAt: Date;

  @Column({ name: 'resolution_due_at', type: 'timestamptz' })
  resolutionDueAt: Date;

  @Column({ name: 'first_responded_at', type: 'timestamptz', nullable: true })
  firstRespondedAt: Date | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
