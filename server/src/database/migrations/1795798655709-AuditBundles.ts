import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditBundles1795798655709 implements MigrationInterface {
  name = 'AuditBundles1795798655709';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_bundles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "invite_id" uuid NOT NULL, "requested_by" jsonb NOT NULL, "record_ids" jsonb NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'queued', "stage" character varying(16) NOT NULL DEFAULT 'queued', "percent" integer NOT NULL DEFAULT '0', "storage_key" character varying(300), "size_bytes" bigint, "manifest_sha256" character(64), "file_count" integer, "kid" character varying(40), "signature" character varying(200), "reason" character varying(80), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_04ef70c53ad44156e3be3809345" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_audit_bundles_manifest" ON "audit_bundles"  ("manifest_sha256") `);
    await queryRunner.query(`CREATE INDEX "idx_audit_bundles_org" ON "audit_bundles"  ("org_id", "invite_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "audit_bundles" ADD CONSTRAINT "audit_bundles_invite_id_fkey" FOREIGN KEY ("invite_id") REFERENCES "auditor_invites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_bundles" DROP CONSTRAINT "audit_bundles_invite_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."idx_audit_bundles_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_audit_bundles_manifest"`);
    await queryRunner.query(`DROP TABLE "audit_bundles"`);
  }
}
