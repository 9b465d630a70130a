import type { TICKET_EVENT_KINDS } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Generated, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One entry of a ticket's history: who changed what, from what to what. */
@Entity({ name: 'ticket_events' })
@Index('idx_ticket_events_ticket', ['ticketId', 'seq'])
export class TicketEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Order of writing: entries of one transaction share their timestamp. */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 200 })
  actorName: string;

  @Column({ type: 'varchar', length: 20 })
  kind: (typeof TICKET_EVENT_KINDS)[number];

  @Column({ name: 'from_value', type: 'varchar', length: 200, nullable: true })
  from: string | null;

  @Column({ name: 'to_value', type: 'varchar', length: 200, nullable: true })
  to: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
