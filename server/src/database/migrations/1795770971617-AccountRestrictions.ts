import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountRestrictions1795770971617 implements MigrationInterface {
  name = 'AccountRestrictions1795770971617';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "account_restrictions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(16) NOT NULL, "subject_type" character varying(16) NOT NULL, "user_id" uuid, "org_id" uuid, "reason" character varying(500) NOT NULL, "message" character varying(1000) NOT NULL DEFAULT '', "ends_at" TIMESTAMP WITH TIME ZONE, "created_by" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lifted_at" TIMESTAMP WITH TIME ZONE, "lifted_by" uuid, CONSTRAINT "account_restrictions_subject_id_check" CHECK (("subject_type" = 'user' AND "user_id" IS NOT NULL) OR ("subject_type" = 'organization' AND "user_id" IS NULL AND "org_id" IS NOT NULL)), CONSTRAINT "account_restrictions_subject_check" CHECK ("subject_type" IN ('user', 'organization')), CONSTRAINT "account_restrictions_kind_check" CHECK ("kind" IN ('suspension', 'freeze', 'password_reset')), CONSTRAINT "PK_9a778189d3e963e1be4684f3047" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "account_restrictions_kind_created_idx" ON "account_restrictions"  ("kind", "created_at") `);
    await queryRunner.query(
      `CREATE INDEX "account_restrictions_org_idx" ON "account_restrictions"  ("org_id", "kind") WHERE "lifted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "account_restrictions_user_idx" ON "account_restrictions"  ("user_id", "kind") WHERE "lifted_at" IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "account_restrictions" DROP CONSTRAINT "account_restrictions_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "account_restrictions" DROP CONSTRAINT "account_restrictions_user_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."account_restrictions_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."account_restrictions_org_idx"`);
    await queryRunner.query(`DROP INDEX "public"."account_restrictions_kind_created_idx"`);
    await queryRunner.query(`DROP TABLE "account_restrictions"`);
  }
}
