import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsagePlansAlerts1795475787597 implements MigrationInterface {
  name = 'UsagePlansAlerts1795475787597';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "subscriptions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "plan" character varying(16) NOT NULL, "cycle" character varying(8) NOT NULL DEFAULT 'monthly', "status" character varying(16) NOT NULL, "trial_ends_at" TIMESTAMP WITH TIME ZONE, "overage_enabled" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_subscriptions_org" UNIQUE ("org_id"), CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_alerts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "resource_type" character varying(32) NOT NULL, "period" character(7) NOT NULL, "threshold" integer NOT NULL, "used" bigint NOT NULL, "usage_limit" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_usage_alerts_once" UNIQUE ("org_id", "resource_type", "period", "threshold"), CONSTRAINT "PK_9bfa7dc69924946cb25d63e43c6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_alert_dismissals" ("alert_id" uuid NOT NULL, "user_id" uuid NOT NULL, "org_id" uuid NOT NULL, "dismissed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ab154aa3de5f501988e06329401" PRIMARY KEY ("alert_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_usage_alert_dismissals_user" ON "usage_alert_dismissals"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "usage_thresholds" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "resource_type" character varying(32) NOT NULL, "thresholds" integer array NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_usage_thresholds_org_resource" UNIQUE ("org_id", "resource_type"), CONSTRAINT "PK_d8967d3423202026689eba41d23" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "usage_thresholds"`);
    await queryRunner.query(`DROP INDEX "public"."idx_usage_alert_dismissals_user"`);
    await queryRunner.query(`DROP TABLE "usage_alert_dismissals"`);
    await queryRunner.query(`DROP TABLE "usage_alerts"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
