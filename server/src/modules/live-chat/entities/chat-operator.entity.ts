import type { OperatorPresence } from '@muster/contracts';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A support operator's live-chat settings: presence and how many chats at once. */
@Entity({ name: 'chat_operators' })
export class ChatOperator {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 10, default: 'offline' })
  presence: OperatorPresence;

  @Column({ type: 'smallint' })
  capacity: number;

  /** When the operator last got a chat: ties in load go to whoever waited longest. */
  @Column({ name: 'last_assigned_at', type: 'timestamptz', nullable: true })
  lastAssignedAt: Date | null;

  /**
   * When the operator last set their presence themselves: a disconnect's grace period that ends
   * later marks them offline only if they set nothing since the disconnect.
   */
  @Column({ name: 'presence_at', type: 'timestamptz', default: () => 'now()' })
  presenceAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
