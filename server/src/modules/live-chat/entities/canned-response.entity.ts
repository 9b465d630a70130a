import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A reply an operator inserts with `/shortcut`: shared with every operator, or personal. */
@Entity({ name: 'chat_canned_responses' })
@Index('uq_canned_shared_shortcut', ['shortcut'], { unique: true, where: 'owner_user_id IS NULL' })
@Index('uq_canned_owner_shortcut', ['ownerUserId', 'shortcut'], { unique: true, where: 'owner_user_id IS NOT NULL' })
export class CannedResponseRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Null: shared. */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true })
  ownerUserId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 200 })
  authorName: string;

  @Column({ name: 'author_user_id', type: 'uuid' })
  authorUserId: string;

  @Column({ type: 'varchar', length: 32 })
  shortcut: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'text' })
  body: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
