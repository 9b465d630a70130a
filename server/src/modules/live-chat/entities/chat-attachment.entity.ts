import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A file uploaded into a chat (kept by the storage service under `storage_key`). */
@Entity({ name: 'chat_attachments' })
export class ChatAttachmentRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_chat_attachments_chat')
  @Column({ name: 'chat_id', type: 'uuid' })
  chatId: string;

  @Column({ name: 'uploader_kind', type: 'varchar', length: 10 })
  uploaderKind: 'customer' | 'operator';

  @Column({ name: 'uploader_user_id', type: 'uuid', nullable: true })
  uploaderUserId: string | null;

  @Column({ type: 'varchar', length: 255 })
  filename: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
