import type { ChatBanKind } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A ban from live chat of an account, an email address or an IP address, for a time or for good. */
@Entity({ name: 'chat_bans' })
@Index('idx_chat_bans_value', ['kind', 'value'])
export class ChatBanRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 10 })
  kind: ChatBanKind;

  /** Account id, lower-cased email address, or IP address. */
  @Column({ type: 'varchar', length: 254 })
  value: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'created_by_user_id', type: 'uuid' })
  createdByUserId: string;

  @Column({ name: 'created_by_name', type: 'varchar', length: 200 })
  createdByName: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
