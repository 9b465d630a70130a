import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RecoveryTermination1795770737299 implements MigrationInterface {
  name = 'RecoveryTermination1795770737299';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organization_terminations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'terminated', "reason" character varying(500) NOT NULL DEFAULT '', "terminated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "purge_after" TIMESTAMP WITH TIME ZONE NOT NULL, "terminated_by_user_id" uuid, "restored_at" TIMESTAMP WITH TIME ZONE, "restored_by_user_id" uuid, "purged_at" TIMESTAMP WITH TIME ZONE, "purge_report" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "organization_terminations_status_check" CHECK ("status" IN ('terminated', 'restored', 'purged')), CONSTRAINT "PK_581df2a9370be13468de77da7cb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "organization_terminations_in_force_key" ON "organization_terminations"  ("org_id") WHERE "status" = 'terminated'`,
    );
    await queryRunner.query(`CREATE INDEX "organization_terminations_org_id_idx" ON "organization_terminations"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "recovery_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'requested', "approvals_required" integer NOT NULL, "cooling_off_hours" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "approved_at" TIMESTAMP WITH TIME ZONE, "ready_at" TIMESTAMP WITH TIME ZONE, "closed_at" TIMESTAMP WITH TIME ZONE, "cancel_token_hash" character varying(64), "reset_token_hash" character varying(64), "language" character varying(5) NOT NULL DEFAULT 'en', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "recovery_requests_status_check" CHECK ("status" IN ('requested', 'approved', 'ready', 'completed', 'cancelled', 'declined', 'expired')), CONSTRAINT "PK_3b0575352da017f21b7819e9089" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "recovery_requests_cancel_token_hash_key" ON "recovery_requests"  ("cancel_token_hash") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "recovery_requests_reset_token_hash_key" ON "recovery_requests"  ("reset_token_hash") `);
    await queryRunner.query(`CREATE INDEX "recovery_requests_user_id_idx" ON "recovery_requests"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "recovery_requests_org_id_status_idx" ON "recovery_requests"  ("org_id", "status") `);
    await queryRunner.query(
      `CREATE TABLE "recovery_approvals" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "request_id" uuid NOT NULL, "delegate_user_id" uuid NOT NULL, "decision" character varying(16), "decided_at" TIMESTAMP WITH TIME ZONE, "token_hash" character varying(64) NOT NULL, CONSTRAINT "recovery_approvals_decision_check" CHECK ("decision" IS NULL OR "decision" IN ('approve', 'decline')), CONSTRAINT "PK_2566f9bebce865f3ce94ee4a4f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "recovery_approvals_token_hash_key" ON "recovery_approvals"  ("token_hash") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "recovery_approvals_request_id_delegate_user_id_key" ON "recovery_approvals"  ("request_id", "delegate_user_id") `,
    );
    await queryRunner.query(`CREATE INDEX "recovery_approvals_org_id_idx" ON "recovery_approvals"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "recovery_delegates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "invited_by_user_id" uuid, "accept_token_hash" character varying(64), "accepted_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "recovery_delegates_status_check" CHECK ("status" IN ('pending', 'accepted')), CONSTRAINT "PK_9869c472819f537ffd8476ec296" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "recovery_delegates_accept_token_hash_key" ON "recovery_delegates"  ("accept_token_hash") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "recovery_delegates_org_id_user_id_key" ON "recovery_delegates"  ("org_id", "user_id") `);
    await queryRunner.query(
      `CREATE TABLE "recovery_policies" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "approvals_required" integer NOT NULL, "cooling_off_hours" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_12627fc5027d545d19d2266a1fd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "recovery_policies_org_id_key" ON "recovery_policies"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "restore_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "termination_id" uuid NOT NULL, "user_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'unconfirmed', "confirm_token_hash" character varying(64), "confirm_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE, "decided_at" TIMESTAMP WITH TIME ZONE, "decided_by_user_id" uuid, "language" character varying(5) NOT NULL DEFAULT 'en', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "restore_requests_status_check" CHECK ("status" IN ('unconfirmed', 'pending', 'approved', 'declined')), CONSTRAINT "PK_b59a10eaa4ed9d491da79fccb05" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "restore_requests_confirm_token_hash_key" ON "restore_requests"  ("confirm_token_hash") `);
    await queryRunner.query(`CREATE INDEX "restore_requests_status_idx" ON "restore_requests"  ("status") `);
    await queryRunner.query(`CREATE INDEX "restore_requests_org_id_idx" ON "restore_requests"  ("org_id") `);
    await queryRunner.query(
      `ALTER TABLE "recovery_approvals" ADD CONSTRAINT "recovery_approvals_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "recovery_requests"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "recovery_approvals" DROP CONSTRAINT "recovery_approvals_request_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."restore_requests_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."restore_requests_status_idx"`);
    await queryRunner.query(`DROP INDEX "public"."restore_requests_confirm_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "restore_requests"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_policies_org_id_key"`);
    await queryRunner.query(`DROP TABLE "recovery_policies"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_delegates_org_id_user_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_delegates_accept_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "recovery_delegates"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_approvals_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_approvals_request_id_delegate_user_id_key"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_approvals_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "recovery_approvals"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_requests_org_id_status_idx"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_requests_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_requests_reset_token_hash_key"`);
    await queryRunner.query(`DROP INDEX "public"."recovery_requests_cancel_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "recovery_requests"`);
    await queryRunner.query(`DROP INDEX "public"."organization_terminations_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."organization_terminations_in_force_key"`);
    await queryRunner.query(`DROP TABLE "organization_terminations"`);
  }
}
