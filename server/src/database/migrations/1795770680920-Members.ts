import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Members1795770680920 implements MigrationInterface {
  name = 'Members1795770680920';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "member_invites" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "email" character varying(254) NOT NULL, "role" character varying(32) NOT NULL, "language" character varying(5), "token_hash" character varying(64) NOT NULL, "invited_by_user_id" uuid, "invited_by_name" character varying(200), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "accepted_user_id" uuid, "revoked_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "member_invites_language_check" CHECK ("language" IS NULL OR "language" IN ('en', 'es', 'zh', 'ar')), CONSTRAINT "member_invites_role_check" CHECK ("role" IN ('ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'USER')), CONSTRAINT "member_invites_email_lower_check" CHECK ("email" = lower("email")), CONSTRAINT "PK_a212d4e4ebed348ef682b931257" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "member_invites_token_hash_key" ON "member_invites"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "member_invites_org_id_email_idx" ON "member_invites"  ("org_id", "email") `);
    await queryRunner.query(`ALTER TABLE "users" ADD "name_prompt_skipped_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "memberships" ADD "status" character varying(16) NOT NULL DEFAULT 'active'`);
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "memberships_status_check" CHECK ("status" IN ('active', 'deactivated'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "member_invites" ADD CONSTRAINT "member_invites_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_invites" DROP CONSTRAINT "member_invites_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "memberships" DROP CONSTRAINT "memberships_status_check"`);
    await queryRunner.query(`ALTER TABLE "memberships" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "name_prompt_skipped_at"`);
    await queryRunner.query(`DROP INDEX "public"."member_invites_org_id_email_idx"`);
    await queryRunner.query(`DROP INDEX "public"."member_invites_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "member_invites"`);
  }
}
