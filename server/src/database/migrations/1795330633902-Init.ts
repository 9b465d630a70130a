import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795330633902 implements MigrationInterface {
  name = 'Init1795330633902';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organizations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b031fcd0863e3f6b44230163f9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "username" character varying(64) NOT NULL, "first_name" character varying(100), "last_name" character varying(100), "email" character varying(254) NOT NULL, "auto_logout_minutes" integer, "status" character varying(16) NOT NULL DEFAULT 'active', "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "users_status_check" CHECK ("status" IN ('active', 'suspended', 'frozen', 'locked')), CONSTRAINT "users_email_lower_check" CHECK ("email" = lower("email")), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_key" ON "users"  ("username") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users"  ("email") `);
    await queryRunner.query(
      `CREATE TABLE "memberships" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "org_id" uuid, "role" character varying(32) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "memberships_role_check" CHECK ("role" IN ('ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS', 'ADMIN', 'MANAGER', 'INTERNAL_AUDITOR', 'ACCOUNTANT', 'GUEST_AUDITOR', 'USER')), CONSTRAINT "PK_25d28bd932097a9e90495ede7b4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "memberships_user_id_key" ON "memberships"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "memberships_org_id_idx" ON "memberships"  ("org_id") `);
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memberships" DROP CONSTRAINT "memberships_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "memberships" DROP CONSTRAINT "memberships_user_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."memberships_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."memberships_user_id_key"`);
    await queryRunner.query(`DROP TABLE "memberships"`);
    await queryRunner.query(`DROP INDEX "public"."users_email_key"`);
    await queryRunner.query(`DROP INDEX "public"."users_username_key"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "organizations"`);
  }
}
