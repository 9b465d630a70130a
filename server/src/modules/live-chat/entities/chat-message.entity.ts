import type { ChatSenderKind, ChatSystemEvent } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** One message of a chat, numbered by `seq`; a client's retry carries the same `client_id`. */
@Entity({ name: 'chat_messages' })
@Unique('uq_chat_messages_seq', ['chatId', 'seq'])
@Unique('uq_chat_messages_client', ['chatId', 'clientId'])
export class ChatMessageRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'chat_id', type: 'uuid' })
  chatId: string;

  @Column({ type: 'integer' })
  seq: number;

  @Column({ name: 'client_id', type: 'varchar', length: 64, nullable: true })
  clientId: string | null;

  @Column({ type: 'varchar', length: 10 })
  kind: ChatSenderKind;

  @Column({ name: 'sender_user_id', type: 'uuid', nullable: true })
  senderUserId: string | null;

  @Column({ name: 'sender_name', type: 'varchar', length: 200 })
  senderName: string;

  @Column({ type: 'text' })
  body: string;

  @Index('idx_chat_messages_attachment')
  @Column({ name: 'attachment_id', type: 'uuid', nullable: true })
  attachmentId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  event: ChatSystemEvent | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
