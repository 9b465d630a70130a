import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ScimProvisioning1795812633222 implements MigrationInterface {
  name = 'ScimProvisioning1795812633222';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "scim_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(80) NOT NULL, "token_hash" character varying(64) NOT NULL, "prefix" character varying(16) NOT NULL, "created_by_user_id" uuid, "created_by_name" character varying(200), "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5e368798dfa88b0d9fb185e8901" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "scim_tokens_token_hash_key" ON "scim_tokens"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "scim_tokens_org_id_idx" ON "scim_tokens"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "scim_users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "user_name" character varying(254) NOT NULL, "user_name_lower" character varying(254) NOT NULL, "external_id" character varying(254), "active" boolean NOT NULL DEFAULT true, "attributes" jsonb NOT NULL DEFAULT '{}', "version" integer NOT NULL DEFAULT '1', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_341175fd19feb0f3ea0d50097e3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "scim_users_org_user_key" ON "scim_users"  ("org_id", "user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "scim_users_org_username_key" ON "scim_users"  ("org_id", "user_name_lower") `);
    await queryRunner.query(
      `CREATE TABLE "scim_groups" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "display_name" character varying(254) NOT NULL, "display_name_lower" character varying(254) NOT NULL, "external_id" character varying(254), "role" character varying(32), "version" integer NOT NULL DEFAULT '1', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8bacda70f9d3c4028b3abe53874" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "scim_groups_org_name_key" ON "scim_groups"  ("org_id", "display_name_lower") `);
    await queryRunner.query(
      `CREATE TABLE "scim_group_members" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "group_id" uuid NOT NULL, "scim_user_id" uuid NOT NULL, CONSTRAINT "PK_d96c9b52d9edd1c3de798cf4618" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "scim_group_members_user_idx" ON "scim_group_members"  ("org_id", "scim_user_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "scim_group_members_key" ON "scim_group_members"  ("org_id", "group_id", "scim_user_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "scim_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "token_id" uuid, "token_name" character varying(80), "method" character varying(8) NOT NULL, "path" character varying(500) NOT NULL, "status" smallint NOT NULL, "outcome" character varying(8) NOT NULL, "duration_ms" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bcceaffa4d64323b735e5a4c5ff" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "scim_requests_org_at_idx" ON "scim_requests"  ("org_id", "at") `);
    await queryRunner.query(
      `ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_groups" ADD CONSTRAINT "scim_groups_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "scim_groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_scim_user_id_fkey" FOREIGN KEY ("scim_user_id") REFERENCES "scim_users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_requests" ADD CONSTRAINT "scim_requests_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "scim_requests" ADD CONSTRAINT "scim_requests_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "scim_tokens"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scim_requests" DROP CONSTRAINT "scim_requests_token_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_requests" DROP CONSTRAINT "scim_requests_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_group_members" DROP CONSTRAINT "scim_group_members_scim_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_group_members" DROP CONSTRAINT "scim_group_members_group_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_group_members" DROP CONSTRAINT "scim_group_members_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_groups" DROP CONSTRAINT "scim_groups_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_users" DROP CONSTRAINT "scim_users_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_users" DROP CONSTRAINT "scim_users_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "scim_tokens" DROP CONSTRAINT "scim_tokens_org_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."scim_requests_org_at_idx"`);
    await queryRunner.query(`DROP TABLE "scim_requests"`);
    await queryRunner.query(`DROP INDEX "public"."scim_group_members_key"`);
    await queryRunner.query(`DROP INDEX "public"."scim_group_members_user_idx"`);
    await queryRunner.query(`DROP TABLE "scim_group_members"`);
    await queryRunner.query(`DROP INDEX "public"."scim_groups_org_name_key"`);
    await queryRunner.query(`DROP TABLE "scim_groups"`);
    await queryRunner.query(`DROP INDEX "public"."scim_users_org_username_key"`);
    await queryRunner.query(`DROP INDEX "public"."scim_users_org_user_key"`);
    await queryRunner.query(`DROP TABLE "scim_users"`);
    await queryRunner.query(`DROP INDEX "public"."scim_tokens_org_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."scim_tokens_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "scim_tokens"`);
  }
}
