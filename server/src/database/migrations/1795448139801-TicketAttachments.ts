import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TicketAttachments1795448139801 implements MigrationInterface {
  name = 'TicketAttachments1795448139801';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ticket_attachments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid, "ticket_id" uuid NOT NULL, "uploader_user_id" uuid, "uploader_name" character varying(200) NOT NULL, "filename" character varying(255) NOT NULL, "content_type" character varying(100) NOT NULL, "size" integer NOT NULL, "storage_key" character varying(512) NOT NULL, "internal" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_7c8955d3dea60d96cfd8889aa02" UNIQUE ("storage_key"), CONSTRAINT "PK_7e5011f87f95e78fe4bd7d982a3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_ticket_attachments_org" ON "ticket_attachments"  ("org_id") `);
    await queryRunner.query(`CREATE INDEX "idx_ticket_attachments_ticket" ON "ticket_attachments"  ("ticket_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_ticket_attachments_ticket"`);
    await queryRunner.query(`DROP INDEX "public"."idx_ticket_attachments_org"`);
    await queryRunner.query(`DROP TABLE "ticket_attachments"`);
  }
}
