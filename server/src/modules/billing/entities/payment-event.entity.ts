import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A provider event already handled: Stripe retries and replays are applied once. */
@Entity({ name: 'payment_events' })
export class PaymentEventRow {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  provider: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
