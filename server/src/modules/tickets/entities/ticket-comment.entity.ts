import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A reply on a ticket, or an internal note that only support operators see. */
@Entity({ name: 'ticket_comments' })
@Index('idx_ticket_comments_ticket', ['ticketId', 'seq'])
export class TicketComment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Order of writing: entries of one transaction share their timestamp. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  @Column({ name: 'author_user_id', type: 'uuid', nullable: true })
  authorUserId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ name: 'author_email', type: 'varchar', length: 254, nullable: true })
  authorEmail: string | null;

  @Column({ name: 'from_support', type: 'boolean' })
  fromSupport: boolean;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'boolean', default: false })
  internal: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
