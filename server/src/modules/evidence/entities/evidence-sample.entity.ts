import type { SamplePopulation } from '@muster/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { AuditorInvite } from '../../identity/entities/auditor-invite.entity.js';

/** A sample an auditor drew: the seed, the population's filters and size, the drawn ids in order. */
@Entity({ name: 'evidence_samples' })
@Index('idx_evidence_samples_org', ['orgId', 'inviteId', 'createdAt'])
export class EvidenceSampleRow extends OrgOwnedEntity {
  @Column({ name: 'invite_id', type: 'uuid' })
  inviteId: string;

  @ManyToOne(() => AuditorInvite, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invite_id', foreignKeyConstraintName: 'evidence_samples_invite_id_fkey' })
  invite?: Relation<AuditorInvite>;

  @Column({ type: 'varchar', length: 64 })
  seed: string;

  @Column({ type: 'jsonb' })
  population: SamplePopulation;

  @Column({ name: 'population_size', type: 'integer' })
  populationSize: number;

  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'record_ids', type: 'jsonb' })
  recordIds: string[];

  @Column({ type: 'varchar', length: 60 })
  method: string;
}
