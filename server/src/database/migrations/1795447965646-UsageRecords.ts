import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsageRecords1795447965646 implements MigrationInterface {
  name = 'UsageRecords1795447965646';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "usage_records" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "resource_type" character varying(32) NOT NULL, "period" character(7) NOT NULL, "amount" bigint NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_usage_records_org_resource_period" UNIQUE ("org_id", "resource_type", "period"), CONSTRAINT "PK_e511cf9f7dc53851569f87467a5" PRIMARY KEY ("id"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "usage_records"`);
  }
}
