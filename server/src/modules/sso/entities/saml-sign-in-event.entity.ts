import type { SamlEventOutcome, SamlRefusal } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from '../../identity/entities/organization.entity.js';

/** One SAML answer received: a sign-in, a refusal (with its reason) or a test; the health panel shows the last ones. */
@Entity({ name: 'saml_sign_in_events' })
@Index('saml_sign_in_events_org_created_idx', ['orgId', 'createdAt'])
export class SamlSignInEventRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ForeignKey(() => Organization, { onDelete: 'CASCADE', name: 'saml_sign_in_events_org_id_fkey' })
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  /** Null once the provider is removed. */
  @Column({ name: 'provider_id', type: 'uuid', nullable: true })
  providerId: string | null;

  @Column({ type: 'varchar', length: 8 })
  outcome: SamlEventOutcome;

  @Column({ type: 'varchar', length: 24, nullable: true })
  reason: SamlRefusal | null;

  /** The NameID or email, when the answer got that far. */
  @Column({ type: 'varchar', length: 320, nullable: true })
  subject: string | null;

  /** The library's message (for operators; not shown to members). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  detail: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
