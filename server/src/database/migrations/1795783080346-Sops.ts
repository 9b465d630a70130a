import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Sops1795783080346 implements MigrationInterface {
  name = 'Sops1795783080346';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sop_documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" character varying(120) NOT NULL, "scenario" character varying(40) NOT NULL, "template_id" character varying(40), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4908ba7ce7c96898a4fb3074523" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "sop_documents_org_id_idx" ON "sop_documents"  ("org_id", "updated_at") `);
    await queryRunner.query(
      `CREATE TABLE "sop_versions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sop_id" uuid NOT NULL, "number" integer NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'draft', "content" jsonb NOT NULL, "author_id" uuid NOT NULL, "author_name" character varying(200) NOT NULL, "submitted_at" TIMESTAMP WITH TIME ZONE, "approved_by_id" uuid, "approved_by_name" character varying(200), "approved_at" TIMESTAMP WITH TIME ZONE, "effective_from" date, "review_due" date, "superseded_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "sop_versions_status_check" CHECK ("status" IN ('draft', 'in_review', 'approved', 'effective', 'superseded')), CONSTRAINT "PK_eaba8b175f4c3ff7229dc6fab9e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "sop_versions_one_open_key" ON "sop_versions"  ("sop_id") WHERE "status" IN ('draft', 'in_review')`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "sop_versions_one_effective_key" ON "sop_versions"  ("sop_id") WHERE "status" = 'effective'`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "sop_versions_sop_id_number_key" ON "sop_versions"  ("sop_id", "number") `);
    await queryRunner.query(`CREATE INDEX "sop_versions_org_id_sop_id_idx" ON "sop_versions"  ("org_id", "sop_id") `);
    await queryRunner.query(
      `CREATE TABLE "sop_acknowledgements" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sop_id" uuid NOT NULL, "version_id" uuid NOT NULL, "user_id" uuid NOT NULL, "user_name" character varying(200) NOT NULL, CONSTRAINT "PK_8fc78ff7211cfb04a25855e08a4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "sop_acknowledgements_version_id_user_id_key" ON "sop_acknowledgements"  ("version_id", "user_id") `,
    );
    await queryRunner.query(`CREATE INDEX "sop_acknowledgements_org_id_sop_id_idx" ON "sop_acknowledgements"  ("org_id", "sop_id") `);
    await queryRunner.query(
      `ALTER TABLE "sop_documents" ADD CONSTRAINT "sop_documents_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sop_versions" ADD CONSTRAINT "sop_versions_sop_id_fkey" FOREIGN KEY ("sop_id") REFERENCES "sop_documents"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sop_acknowledgements" ADD CONSTRAINT "sop_acknowledgements_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "sop_versions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sop_acknowledgements" DROP CONSTRAINT "sop_acknowledgements_version_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "sop_versions" DROP CONSTRAINT "sop_versions_sop_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "sop_documents" DROP CONSTRAINT "sop_documents_org_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."sop_acknowledgements_org_id_sop_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sop_acknowledgements_version_id_user_id_key"`);
    await queryRunner.query(`DROP TABLE "sop_acknowledgements"`);
    await queryRunner.query(`DROP INDEX "public"."sop_versions_org_id_sop_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sop_versions_sop_id_number_key"`);
    await queryRunner.query(`DROP INDEX "public"."sop_versions_one_effective_key"`);
    await queryRunner.query(`DROP INDEX "public"."sop_versions_one_open_key"`);
    await queryRunner.query(`DROP TABLE "sop_versions"`);
    await queryRunner.query(`DROP INDEX "public"."sop_documents_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "sop_documents"`);
  }
}
