import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1795480953588 implements MigrationInterface {
  name = 'Billing1795480953588';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "checkouts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "plan" character varying(16) NOT NULL, "cycle" character varying(8) NOT NULL, "from_plan" character varying(16) NOT NULL, "from_cycle" character varying(8) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'open', "provider" character varying(16) NOT NULL, "provider_ref" character varying(255), "url" text NOT NULL, "amount_cents" integer NOT NULL, "credit_cents" integer NOT NULL DEFAULT '0', "invoice_id" uuid, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5800730d89f4137fc18770e4d4d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "checkouts_org_id_idx" ON "checkouts"  ("org_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "checkouts_provider_ref_key" ON "checkouts"  ("provider_ref") WHERE provider_ref IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "billing_credits" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "amount_cents" integer NOT NULL, "remaining_cents" integer NOT NULL, "reason" character varying(200) NOT NULL, "granted_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "billing_credits_remaining_check" CHECK ("remaining_cents" >= 0 AND "remaining_cents" <= "amount_cents"), CONSTRAINT "PK_4fbca7de08fc08eda7d3690cb56" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "billing_credits_org_id_idx" ON "billing_credits"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "invoices" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "number" character varying(64) NOT NULL, "kind" character varying(16) NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'open', "provider" character varying(16) NOT NULL, "provider_ref" character varying(255), "period_start" TIMESTAMP WITH TIME ZONE NOT NULL, "period_end" TIMESTAMP WITH TIME ZONE NOT NULL, "lines" jsonb NOT NULL, "subtotal_cents" integer NOT NULL, "credit_cents" integer NOT NULL DEFAULT '0', "total_cents" integer NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "due_at" TIMESTAMP WITH TIME ZONE, "paid_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_668cef7c22a427fd822cc1be3ce" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"  ("number") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "invoices_org_provider_ref_key" ON "invoices"  ("org_id", "provider_ref") WHERE provider_ref IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "invoices_org_issued_idx" ON "invoices"  ("org_id", "issued_at") `);
    await queryRunner.query(
      `CREATE TABLE "payment_events" ("id" character varying(255) NOT NULL, "provider" character varying(16) NOT NULL, "type" character varying(100) NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9f1d16fc78b33e676940a32e8b5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "provider" character varying(16) NOT NULL DEFAULT 'builtin'`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "provider_customer_id" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "provider_subscription_id" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "current_period_end" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "cancel_at_period_end" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "cancel_at_period_end"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "current_period_end"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "provider_subscription_id"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "provider_customer_id"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "provider"`);
    await queryRunner.query(`DROP TABLE "payment_events"`);
    await queryRunner.query(`DROP INDEX "public"."invoices_org_issued_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invoices_org_provider_ref_key"`);
    await queryRunner.query(`DROP INDEX "public"."invoices_number_key"`);
    await queryRunner.query(`DROP TABLE "invoices"`);
    await queryRunner.query(`DROP INDEX "public"."billing_credits_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "billing_credits"`);
    await queryRunner.query(`DROP INDEX "public"."checkouts_provider_ref_key"`);
    await queryRunner.query(`DROP INDEX "public"."checkouts_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "checkouts"`);
  }
}
