import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A customer organisation (tenant). Platform admins have none. */
@Entity({ name: 'organizations' })
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** When set, members sign in through SSO only: password sign-in and verification are refused. */
  @Column({ name: 'sso_required', type: 'boolean', default: false })
  ssoRequired: boolean;

  /** IANA time zone (e.g. Europe/Amsterdam): day boundaries, due dates, PDFs and emails use it. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64, default: 'UTC' })
  timeZone: string;

  /** Minutes of inactivity before the lock for members without their own (the security policy's default); null: none. */
  @Column({ name: 'default_auto_lock_minutes', type: 'integer', nullable: true })
  defaultAutoLockMinutes: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
