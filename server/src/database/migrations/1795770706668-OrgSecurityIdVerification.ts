import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrgSecurityIdVerification1795770706668 implements MigrationInterface {
  name = 'OrgSecurityIdVerification1795770706668';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "security_policies" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "password_min_length" integer NOT NULL, "reject_common_passwords" boolean NOT NULL, "sign_in_methods" character varying(16) array NOT NULL, "admins_may_use_codes" boolean NOT NULL, "pins_required" boolean NOT NULL, "verification_roles" character varying(32) array NOT NULL, "verification_due_by" date, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9a82c3d16152d4fc05206a79b38" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "security_policies_org_id_key" ON "security_policies"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "security_pins" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "pin_hash" character varying(255) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9a489d62eee8fd5c8a85d498ec6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "security_pins_user_id_key" ON "security_pins"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "security_pins_org_id_idx" ON "security_pins"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "id_verification_cases" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "state" character varying(16) NOT NULL, "document_key" character varying(512), "document_type" character varying(32), "document_sha256" character(64), "second_key" character varying(512), "second_type" character varying(32), "second_sha256" character(64), "reason" text, "message" text, "submitted_at" TIMESTAMP WITH TIME ZONE, "claimed_by_user_id" uuid, "claimed_by_name" character varying(200), "claimed_at" TIMESTAMP WITH TIME ZONE, "decided_by_user_id" uuid, "decided_by_name" character varying(200), "decided_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "id_verification_cases_state_check" CHECK ("state" IN ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'more_info')), CONSTRAINT "PK_5f0fbebbcae439cc7ad8f53abab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "id_verification_cases_state_submitted_at_idx" ON "id_verification_cases"  ("state", "submitted_at") `,
    );
    await queryRunner.query(`CREATE INDEX "id_verification_cases_org_id_user_id_idx" ON "id_verification_cases"  ("org_id", "user_id") `);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "default_auto_lock_minutes" integer`);
    await queryRunner.query(
      `ALTER TABLE "security_pins" ADD CONSTRAINT "security_pins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "id_verification_cases" ADD CONSTRAINT "id_verification_cases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "id_verification_cases" DROP CONSTRAINT "id_verification_cases_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "security_pins" DROP CONSTRAINT "security_pins_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "default_auto_lock_minutes"`);
    await queryRunner.query(`DROP INDEX "public"."id_verification_cases_org_id_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."id_verification_cases_state_submitted_at_idx"`);
    await queryRunner.query(`DROP TABLE "id_verification_cases"`);
    await queryRunner.query(`DROP INDEX "public"."security_pins_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."security_pins_user_id_key"`);
    await queryRunner.query(`DROP TABLE "security_pins"`);
    await queryRunner.query(`DROP INDEX "public"."security_policies_org_id_key"`);
    await queryRunner.query(`DROP TABLE "security_policies"`);
  }
}
