import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Tickets1795443402932 implements MigrationInterface {
  name = 'Tickets1795443402932';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "ticket_comments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "seq" BIGSERIAL NOT NULL, "ticket_id" uuid NOT NULL, "author_user_id" uuid, "author_name" character varying(200) NOT NULL, "author_email" character varying(254), "from_support" boolean NOT NULL, "body" text NOT NULL, "internal" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_811ed3b81dd8df6b9a92058d89c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_ticket_comments_ticket" ON "ticket_comments"  ("ticket_id", "seq") `);
    await queryRunner.query(
      `CREATE TABLE "ticket_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "seq" BIGSERIAL NOT NULL, "ticket_id" uuid NOT NULL, "actor_user_id" uuid, "actor_name" character varying(200) NOT NULL, "kind" character varying(20) NOT NULL, "from_value" character varying(200), "to_value" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d61d07653b492eca67f9bad8ec2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_ticket_events_ticket" ON "ticket_events"  ("ticket_id", "seq") `);
    await queryRunner.query(
      `CREATE TABLE "tickets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "number" SERIAL NOT NULL, "org_id" uuid, "org_name" character varying(200), "requester_user_id" uuid, "requester_name" character varying(200) NOT NULL, "requester_email" character varying(254) NOT NULL, "subject" character varying(200) NOT NULL, "description" text NOT NULL, "category" character varying(20) NOT NULL, "priority" character varying(10) NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'open', "assignee_user_id" uuid, "assignee_name" character varying(200), "first_response_due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "resolution_due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "first_responded_at" TIMESTAMP WITH TIME ZONE, "resolved_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_78e08cc1101fc17f77c6f11b4c7" UNIQUE ("number"), CONSTRAINT "PK_343bc942ae261cf7a1377f48fd0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_tickets_requester" ON "tickets"  ("requester_user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_tickets_assignee" ON "tickets"  ("assignee_user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_tickets_status_created" ON "tickets"  ("status", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_tickets_org_created" ON "tickets"  ("org_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_tickets_org_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tickets_status_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tickets_assignee"`);
    await queryRunner.query(`DROP INDEX "public"."idx_tickets_requester"`);
    await queryRunner.query(`DROP TABLE "tickets"`);
    await queryRunner.query(`DROP INDEX "public"."idx_ticket_events_ticket"`);
    await queryRunner.query(`DROP TABLE "ticket_events"`);
    await queryRunner.query(`DROP INDEX "public"."idx_ticket_comments_ticket"`);
    await queryRunner.query(`DROP TABLE "ticket_comments"`);
  }
}
