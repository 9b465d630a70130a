import type { ContactSubject } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ContactMessageStatus = 'new' | 'ticket_opened' | 'handled';

/**
 * A message from the public contact form. Not tenant-owned: it comes from visitors and is read
 * by support operators. Once tickets exist, each message opens one (`ticket_id`).
 */
@Entity({ name: 'contact_messages' })
@Index('idx_contact_messages_created', ['createdAt'])
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 40 })
  subject: ContactSubject;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'varchar', length: 8 })
  language: string;

  @Column({ type: 'varchar', length: 20, default: 'new' })
  status: ContactMessageStatus;

  @Column({ name: 'ticket_id', type: 'uuid', nullable: true })
  ticketId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
