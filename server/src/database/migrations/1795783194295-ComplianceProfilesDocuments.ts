import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ComplianceProfilesDocuments1795783194295 implements MigrationInterface {
  name = 'ComplianceProfilesDocuments1795783194295';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "compliance_custom_rules" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "key" character varying(40) NOT NULL, "title" character varying(160) NOT NULL, "source" character varying(160) NOT NULL, "scenarios" jsonb NOT NULL, "types" jsonb NOT NULL, "each_scenario" boolean NOT NULL DEFAULT false, "every" integer NOT NULL, "unit" character varying(8) NOT NULL, "calendar_year" boolean NOT NULL DEFAULT false, "due_soon_days" integer NOT NULL DEFAULT '14', CONSTRAINT "PK_71a00366631fdf13b8ab594e474" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_compliance_custom_rules_org_key" ON "compliance_custom_rules"  ("org_id", "key") `);
    await queryRunner.query(
      `CREATE TABLE "compliance_document_versions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "document_id" uuid NOT NULL, "version" integer NOT NULL, "filename" character varying(200) NOT NULL, "content_type" character varying(100) NOT NULL, "size" integer NOT NULL, "sha256" character varying(64) NOT NULL, "storage_key" character varying(512) NOT NULL, "effective_date" date NOT NULL, "note" character varying(500), "uploaded_by_user_id" uuid, "uploaded_by_name" character varying(200) NOT NULL, CONSTRAINT "PK_7e02a223b4991af965ad0992448" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_compliance_document_versions_document_version" ON "compliance_document_versions"  ("document_id", "version") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_compliance_document_versions_org_document" ON "compliance_document_versions"  ("org_id", "document_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "compliance_documents" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" character varying(200) NOT NULL, "kind" character varying(24) NOT NULL, "owner_user_id" uuid, "owner_name" character varying(200) NOT NULL, "tags" jsonb NOT NULL, "rule_ids" jsonb NOT NULL, "review_kind" character varying(8) NOT NULL DEFAULT 'review', "review_date" date, "current_version" integer NOT NULL DEFAULT '1', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_07566d65c6d3bcebca3e802493c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_compliance_documents_org_title" ON "compliance_documents"  ("org_id", "title") `);
    await queryRunner.query(
      `CREATE TABLE "compliance_profiles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(120) NOT NULL, "scope_kind" character varying(16) NOT NULL, "facility_name" character varying(200), "rule_ids" jsonb NOT NULL, "crew_size" integer, "crew_changes" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_189023c055b4177f0aa32f7e848" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_compliance_profiles_org" ON "compliance_profiles"  ("org_id", "name") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_profiles_org"`);
    await queryRunner.query(`DROP TABLE "compliance_profiles"`);
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_documents_org_title"`);
    await queryRunner.query(`DROP TABLE "compliance_documents"`);
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_document_versions_org_document"`);
    await queryRunner.query(`DROP INDEX "public"."uq_compliance_document_versions_document_version"`);
    await queryRunner.query(`DROP TABLE "compliance_document_versions"`);
    await queryRunner.query(`DROP INDEX "public"."uq_compliance_custom_rules_org_key"`);
    await queryRunner.query(`DROP TABLE "compliance_custom_rules"`);
  }
}
