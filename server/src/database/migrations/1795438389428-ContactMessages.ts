import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ContactMessages1795438389428 implements MigrationInterface {
  name = 'ContactMessages1795438389428';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(120) NOT NULL, "email" character varying(254) NOT NULL, "company" character varying(200), "subject" character varying(40) NOT NULL, "message" text NOT NULL, "language" character varying(8) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'new', "ticket_id" uuid, "ip" character varying(64), "user_agent" character varying(512), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b74f96eb2edd977ccfba6533293" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_contact_messages_created" ON "contact_messages"  ("created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_contact_messages_created"`);
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}
