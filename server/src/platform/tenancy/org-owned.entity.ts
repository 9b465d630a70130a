import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What every org-owned row has: a uuid id, its organisation (`org_id`, NOT NULL, indexed: each
 * entity names an index led by `org_id`, and a test checks that it does) and when it was made. Rows
 * that change add their own `updated_at`. Such rows are reached through `tenant(repo, principal)`;
 * the tenant check refuses a query of their tables that names no organisation.
 */
export abstract class OrgOwnedEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
