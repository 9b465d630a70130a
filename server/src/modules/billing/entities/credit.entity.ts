import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An upgrade credit granted by a platform admin. What remains is taken off the organisation's next
 * invoices, oldest credit first.
 */
@Entity({ name: 'billing_credits' })
@Check('billing_credits_remaining_check', '"remaining_cents" >= 0 AND "remaining_cents" <= "amount_cents"')
export class CreditRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('billing_credits_org_id_idx')
  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'remaining_cents', type: 'integer' })
  remainingCents: number;

  @Column({ type: 'varchar', length: 200 })
  reason: string;

  @Column({ name: 'granted_by', type: 'uuid', nullable: true })
  grantedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
