import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DocumentRenders1795749992750 implements MigrationInterface {
  name = 'DocumentRenders1795749992750';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document_renders" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid, "requested_by" uuid NOT NULL, "kind" character varying(40) NOT NULL, "params" jsonb NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'queued', "stage" character varying(16) NOT NULL DEFAULT 'queued', "percent" integer NOT NULL DEFAULT '0', "storage_key" character varying(200), "file_name" character varying(200), "content_type" character varying(100), "size_bytes" integer, "reason" character varying(80), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_13e83e22353d1058ecb123d2be7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_document_renders_requester" ON "document_renders"  ("requested_by", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_document_renders_requester"`);
    await queryRunner.query(`DROP TABLE "document_renders"`);
  }
}
