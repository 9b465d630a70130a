import { OrgOwnedEntity } from '../../../platform/tenancy/org-owned.entity.js';
import { Check, Column, Entity, Index } from 'typeorm';

/**
 * An upgrade credit granted by a platform admin. What remains is taken off the organisation's next
 * invoices, oldest credit first.
 */
@Index('billing_credits_org_id_idx', ['orgId'])
@Entity({ name: 'billing_credits' })
@Check('billing_credits_remaining_check', '"remaining_cents" >= 0 AND "remaining_cents" <= "amount_cents"')
export class CreditRow extends OrgOwnedEntity {
  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents: number;

  @Column({ name: 'remaining_cents', type: 'integer' })
  remainingCents: number;

  @Column({ type: 'varchar', length: 200 })
  reason: string;

  @Column({ name: 'granted_by', type: 'uuid', nullable: true })
  grantedBy: string | null;
}
