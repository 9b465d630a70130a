import type { InvoiceKind, InvoiceLine, InvoiceStatus, PaymentProviderId } from '@muster/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An invoice of an organisation: issued by the built-in provider (a plan's period, a month's
 * overage) or recorded from Stripe's `invoice.paid`. Kept seven years (spec §9).
 */
@Entity({ name: 'invoices' })
@Index('invoices_org_issued_idx', ['orgId', 'issuedAt'])
@Index('invoices_org_provider_ref_key', ['orgId', 'providerRef'], { unique: true, where: 'provider_ref IS NOT NULL' })
export class InvoiceRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'org_id', type: 'uuid' })
  orgId: string;

  @Index('invoices_number_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  number: string;

  @Column({ type: 'varchar', length: 16 })
  kind: InvoiceKind;

  @Column({ type: 'varchar', length: 8, default: 'open' })
  status: InvoiceStatus;

  @Column({ type: 'varchar', length: 16 })
  provider: PaymentProviderId;

  /** Stripe's invoice id; a month's overage is invoiced once (`overage:<YYYY-MM>`). */
  @Column({ name: 'provider_ref', type: 'varchar', length: 255, nullable: true })
  providerRef: string | null;

  @Column({ name: 'period_start', type: 'timestamptz' })
  periodStart: Date;

  @Column({ name: 'period_end', type: 'timestamptz' })
  periodEnd: Date;

  @Column({ type: 'jsonb' })
  lines: InvoiceLine[];

  @Column({ name: 'subtotal_cents', type: 'integer' })
  subtotalCents: number;

  @Column({ name: 'credit_cents', type: 'integer', default: 0 })
  creditCents: number;

  @Column({ name: 'total_cents', type: 'integer' })
  totalCents: number;

  @CreateDateColumn({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  @Column({ name: 'due_at', type: 'timestamptz', nullable: true })
  dueAt: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;
}
