import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A file attached to a ticket. The bytes live in the storage service under `storage_key`; the
 * type is the one read from the content when it was uploaded. `org_id` is the ticket's
 * organisation (none for visitors' tickets); an internal attachment is seen by support operators only.
 */
@Entity({ name: 'ticket_attachments' })
@Index('idx_ticket_attachments_ticket', ['ticketId', 'createdAt'])
export class TicketAttachment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('idx_ticket_attachments_org')
  @Column({ name: 'org_id', type: 'uuid', nullable: true })
  orgId: string | null;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  @Column({ name: 'uploader_user_id', type: 'uuid', nullable: true })
  uploaderUserId: string | null;

  @Column({ name: 'uploader_name', type: 'varchar', length: 200 })
  uploaderName: string;

  @Column({ type: 'varchar', length: 255 })
  filename: string;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 512, unique: true })
  storageKey: string;

  @Column({ type: 'boolean', default: false })
  internal: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
