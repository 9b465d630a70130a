import type { LanguageCode } from '@muster/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const USER_STATUSES = ['active', 'suspended', 'frozen', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A person who signs in. Emails are stored lower-cased, so uniqueness is case-insensitive. */
@Entity({ name: 'users' })
@Check('users_email_lower_check', `"email" = lower("email")`)
@Check('users_language_check', `"language" IS NULL OR "language" IN ('en', 'es', 'zh', 'ar')`)
@Check('users_status_check', `"status" IN ('active', 'suspended', 'frozen', 'locked')`)
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('users_username_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Index('users_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** argon2id hash; null for accounts that sign in only through their organisation (SSO/SCIM). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt: Date | null;

  /** Minutes of inactivity before the session lock; null means never. */
  @Column({ name: 'auto_logout_minutes', type: 'integer', nullable: true })
  autoLogoutMinutes: number | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: UserStatus;

  /** The language the person chose (en, es, zh, ar); null until they choose one. Emails use it. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  language: LanguageCode | null;

  /** When the person skipped the first-sign-in prompt for their names (modules/members): it may be skipped once. */
  @Column({ name: 'name_prompt_skipped_at', type: 'timestamptz', nullable: true })
  namePromptSkippedAt: Date | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
