import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApprovalsBroadcasts1795900000000 implements MigrationInterface {
  name = 'ApprovalsBroadcasts1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "approval_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(32) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "payload" jsonb NOT NULL, "subject" character varying(300) NOT NULL, "reason" text NOT NULL, "break_glass" boolean NOT NULL DEFAULT false, "requested_by_user_id" uuid NOT NULL, "decided_by_user_id" uuid, "decision_note" text, "decided_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "failure" character varying(120), "reviewed_by_user_id" uuid, "reviewed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "approval_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected', 'expired', 'failed', 'break_glass')), CONSTRAINT "PK_approval_requests" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "approval_requests_status_idx" ON "approval_requests" ("status", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "broadcasts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "texts" jsonb NOT NULL, "severity" character varying(16) NOT NULL, "display" character varying(16) NOT NULL, "requires_ack" boolean NOT NULL DEFAULT false, "target" jsonb NOT NULL, "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_by_user_id" uuid, "created_by_name" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "broadcasts_severity_check" CHECK ("severity" IN ('info', 'warning', 'critical')), CONSTRAINT "broadcasts_display_check" CHECK ("display" IN ('banner', 'notification')), CONSTRAINT "PK_broadcasts" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "broadcasts_window_idx" ON "broadcasts" ("starts_at", "ends_at") `);
    await queryRunner.query(
      `CREATE TABLE "broadcast_acks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "broadcast_id" uuid NOT NULL, "user_id" uuid NOT NULL, "org_id" uuid, "acknowledged_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_broadcast_acks" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "broadcast_acks_key" ON "broadcast_acks" ("broadcast_id", "user_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."broadcast_acks_key"`);
    await queryRunner.query(`DROP TABLE "broadcast_acks"`);
    await queryRunner.query(`DROP INDEX "public"."broadcasts_window_idx"`);
    await queryRunner.query(`DROP TABLE "broadcasts"`);
    await queryRunner.query(`DROP INDEX "public"."approval_requests_status_idx"`);
    await queryRunner.query(`DROP TABLE "approval_requests"`);
  }
}
