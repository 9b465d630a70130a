import type { ChatCloseReason, ChatStatus, LanguageCode } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One live chat between a customer and a support operator. A member's chat belongs to their
 * organisation (`org_id`); a visitor's has none and is proven by the hash of the token the
 * visitor was given when it started. `last_seq` numbers the messages: the row is the lock that
 * orders them.
 */
@Entity({ name: 'chats' })
@Index('idx_chats_status_created', ['status', 'createdAt'])
@Index('idx_chats_operator_status', ['operatorUserId', 'status'])
export class Chat {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_chats_org')
  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @Column({ name: 'org_name', type: 'varchar', length: 200, nullable: true })
  orgName: string | null;

  @Index('idx_chats_customer')
  @Column({ name: 'customer_user_id', type: 'uuid', nullable: true })
  customerUserId: string | null;

  @Column({ name: 'customer_name', type: 'varchar', length: 200 })
  customerName: string;

  @Column({ name: 'customer_email', type: 'varchar', length: 254 })
  customerEmail: string;

  @Column({ name: 'customer_ip', type: 'varchar', length: 64, nullable: true })
  customerIp: string | null;

  /** SHA-256 of a visitor's token (null for members). */
  @Column({ name: 'visitor_token_hash', type: 'varchar', length: 64, nullable: true })
  visitorTokenHash: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: ChatStatus;

  @Column({ type: 'varchar', length: 5 })
  language: LanguageCode;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ name: 'operator_user_id', type: 'uuid', nullable: true })
  operatorUserId: string | null;

  @Column({ name: 'operator_name', type: 'varchar', length: 200, nullable: true })
  operatorName: string | null;

  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt: Date | null;

  @Column({ name: 'first_response_at', type: 'timestamptz', nullable: true })
  firstResponseAt: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ name: 'closed_reason', type: 'varchar', length: 10, nullable: true })
  closedReason: ChatCloseReason | null;

  @Column({ name: 'last_seq', type: 'integer', default: 0 })
  lastSeq: number;

  @Column({ name: 'last_message_at', type: 'timestamptz' })
  lastMessageAt: Date;

  @Column({ name: 'customer_read_seq', type: 'integer', default: 0 })
  customerReadSeq: number;

  @Column({ name: 'operator_read_seq', type: 'integer', default: 0 })
  operatorReadSeq: number;

  @Column({ type: 'smallint', nullable: true })
  rating: number | null;

  @Column({ name: 'rating_comment', type: 'text', nullable: true })
  ratingComment: string | null;

  @Column({ name: 'ticket_id', type: 'uuid', nullable: true })
  ticketId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
