import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Drills1795471335175 implements MigrationInterface {
  name = 'Drills1795471335175';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "org_id" uuid, "kind" character varying(32) NOT NULL, "data" jsonb NOT NULL DEFAULT '{}', "link" character varying(300), "dedupe_key" character varying(200) NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_notifications_user_dedupe" ON "notifications"  ("user_id", "dedupe_key") `);
    await queryRunner.query(`CREATE INDEX "idx_notifications_user_created" ON "notifications"  ("user_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "drill_runs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "template_id" uuid, "title" character varying(120) NOT NULL, "type" character varying(20) NOT NULL, "scenario" character varying(32) NOT NULL, "snapshot" jsonb NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'scheduled', "scheduled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "location" character varying(200) NOT NULL, "lead_user_id" uuid NOT NULL, "lead_name" character varying(200) NOT NULL, "observers_may_write" boolean NOT NULL DEFAULT false, "auto_injects" boolean NOT NULL DEFAULT true, "muster_target_minutes" integer, "muster_elapsed_ms" bigint, "started_at" TIMESTAMP WITH TIME ZONE, "paused_at" TIMESTAMP WITH TIME ZONE, "paused_ms" bigint NOT NULL DEFAULT '0', "segment" integer NOT NULL DEFAULT '0', "completed_at" TIMESTAMP WITH TIME ZONE, "cancelled_at" TIMESTAMP WITH TIME ZONE, "approved_at" TIMESTAMP WITH TIME ZONE, "approved_by_user_id" uuid, "approved_by_name" character varying(200), "version" integer NOT NULL DEFAULT '1', "log_seq" integer NOT NULL DEFAULT '0', "created_by_user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_30e4977a3455cf763851b7613a5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_runs_org_status" ON "drill_runs"  ("org_id", "status") `);
    await queryRunner.query(`CREATE INDEX "idx_drill_runs_org_scheduled" ON "drill_runs"  ("org_id", "scheduled_at") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_injects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "inject_id" character varying(40) NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_elapsed_ms" bigint NOT NULL, "published_by_user_id" uuid, "published_by_name" character varying(200), "auto" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_6c32a13250de994513ac01f9e18" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_injects_org" ON "drill_run_injects"  ("org_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_drill_run_injects_inject" ON "drill_run_injects"  ("run_id", "inject_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_observations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "client_id" character varying(64) NOT NULL, "kind" character varying(12) NOT NULL, "note" text NOT NULL, "step_id" character varying(40), "inject_id" character varying(40), "author_user_id" uuid, "author_name" character varying(200) NOT NULL, "elapsed_ms" bigint, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d5dffc5446fc5671fdcd61640b9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_observations_org" ON "drill_run_observations"  ("org_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_drill_run_observations_client" ON "drill_run_observations"  ("run_id", "client_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_participants" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "user_id" uuid, "name" character varying(200) NOT NULL, "position_id" character varying(40), "position" integer NOT NULL DEFAULT '0', "checked_in_at" TIMESTAMP WITH TIME ZONE, "checked_in_elapsed_ms" bigint, "checked_in_by" character varying(8), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b081ad0b5c088b9ca79aad50d4a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_participants_org" ON "drill_run_participants"  ("org_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_drill_run_participants_member" ON "drill_run_participants"  ("run_id", "user_id") WHERE "user_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_participants_run" ON "drill_run_participants"  ("run_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_cadences" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "name" character varying(120) NOT NULL, "kind" character varying(12) NOT NULL, "interval_months" integer NOT NULL, "calendar_year" boolean NOT NULL DEFAULT false, "due_soon_days" integer NOT NULL DEFAULT '14', "enabled" boolean NOT NULL DEFAULT true, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9cb742d0d04289f142924903fd1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_cadences_org" ON "drill_cadences"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_org_settings" ("org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d95ab0c7609a3dfe1bd7aedae84" PRIMARY KEY ("org_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "drill_reminder_rules" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "lead_minutes" integer NOT NULL, "channels" jsonb NOT NULL, "recipients" jsonb NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d42d8021699831aa8eb712dac0c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_reminder_rules_org" ON "drill_reminder_rules"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "seq" integer NOT NULL, "type" character varying(24) NOT NULL, "actor_user_id" uuid, "actor_name" character varying(200), "elapsed_ms" bigint, "data" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_86db45c94613ce6d8612c40a8e6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_log_org" ON "drill_run_log"  ("org_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_drill_run_log_seq" ON "drill_run_log"  ("run_id", "seq") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_steps" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "step_id" character varying(40) NOT NULL, "position" integer NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'pending', "checked_items" jsonb NOT NULL DEFAULT '[]', "started_elapsed_ms" bigint, "completed_elapsed_ms" bigint, "version" integer NOT NULL DEFAULT '1', "updated_by_user_id" uuid, "updated_by_name" character varying(200), "updated_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_1b59a7346bda8b40e8fdc1f2235" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_steps_org" ON "drill_run_steps"  ("org_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_drill_run_steps_step" ON "drill_run_steps"  ("run_id", "step_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_templates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "status" character varying(12) NOT NULL, "name" character varying(120) NOT NULL, "type" character varying(20) NOT NULL, "scenario" character varying(32) NOT NULL, "description" text NOT NULL DEFAULT '', "body" jsonb NOT NULL, "version" integer NOT NULL DEFAULT '1', "created_by_user_id" uuid, "updated_by_user_id" uuid, "updated_by_name" character varying(200), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d4e76efc1853645346fd31e443b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_templates_org_updated" ON "drill_templates"  ("org_id", "updated_at") `);
    await queryRunner.query(
      `CREATE TABLE "drill_corrective_actions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "title" character varying(300) NOT NULL, "owner_user_id" uuid, "owner_name" character varying(200) NOT NULL, "due_date" date NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'open', "observation_id" uuid, "created_by_user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_386455429a3e53c7b56cf0727c7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_corrective_actions_org" ON "drill_corrective_actions"  ("org_id") `);
    await queryRunner.query(`CREATE INDEX "idx_drill_corrective_actions_run" ON "drill_corrective_actions"  ("run_id") `);
    await queryRunner.query(
      `CREATE TABLE "drill_run_addenda" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "run_id" uuid NOT NULL, "body" text NOT NULL, "author_user_id" uuid, "author_name" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a405eeff939ffa3cd3145bf26f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_drill_run_addenda_org" ON "drill_run_addenda"  ("org_id") `);
    await queryRunner.query(`CREATE INDEX "idx_drill_run_addenda_run" ON "drill_run_addenda"  ("run_id") `);
    await queryRunner.query(
      `ALTER TABLE "drill_run_injects" ADD CONSTRAINT "fk_drill_run_injects_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_run_observations" ADD CONSTRAINT "fk_drill_run_observations_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_run_participants" ADD CONSTRAINT "fk_drill_run_participants_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_run_log" ADD CONSTRAINT "fk_drill_run_log_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_run_steps" ADD CONSTRAINT "fk_drill_run_steps_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_corrective_actions" ADD CONSTRAINT "fk_drill_corrective_actions_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "drill_run_addenda" ADD CONSTRAINT "fk_drill_run_addenda_run" FOREIGN KEY ("run_id") REFERENCES "drill_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // The decision log is written once: entries are never changed (they go only with their run).
    await queryRunner.query(
      `CREATE FUNCTION "drill_run_log_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'drill_run_log entries cannot be changed'; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "drill_run_log_no_update" BEFORE UPDATE ON "drill_run_log" FOR EACH ROW EXECUTE FUNCTION "drill_run_log_immutable"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "drill_run_log_no_update" ON "drill_run_log"`);
    await queryRunner.query(`DROP FUNCTION "drill_run_log_immutable"()`);
    await queryRunner.query(`ALTER TABLE "drill_run_addenda" DROP CONSTRAINT "fk_drill_run_addenda_run"`);
    await queryRunner.query(`ALTER TABLE "drill_corrective_actions" DROP CONSTRAINT "fk_drill_corrective_actions_run"`);
    await queryRunner.query(`ALTER TABLE "drill_run_steps" DROP CONSTRAINT "fk_drill_run_steps_run"`);
    await queryRunner.query(`ALTER TABLE "drill_run_log" DROP CONSTRAINT "fk_drill_run_log_run"`);
    await queryRunner.query(`ALTER TABLE "drill_run_participants" DROP CONSTRAINT "fk_drill_run_participants_run"`);
    await queryRunner.query(`ALTER TABLE "drill_run_observations" DROP CONSTRAINT "fk_drill_run_observations_run"`);
    await queryRunner.query(`ALTER TABLE "drill_run_injects" DROP CONSTRAINT "fk_drill_run_injects_run"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_addenda_run"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_addenda_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_addenda"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_corrective_actions_run"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_corrective_actions_org"`);
    await queryRunner.query(`DROP TABLE "drill_corrective_actions"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_templates_org_updated"`);
    await queryRunner.query(`DROP TABLE "drill_templates"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drill_run_steps_step"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_steps_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_steps"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drill_run_log_seq"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_log_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_log"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_reminder_rules_org"`);
    await queryRunner.query(`DROP TABLE "drill_reminder_rules"`);
    await queryRunner.query(`DROP TABLE "drill_org_settings"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_cadences_org"`);
    await queryRunner.query(`DROP TABLE "drill_cadences"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_participants_run"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drill_run_participants_member"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_participants_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_participants"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drill_run_observations_client"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_observations_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_observations"`);
    await queryRunner.query(`DROP INDEX "public"."uq_drill_run_injects_inject"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_run_injects_org"`);
    await queryRunner.query(`DROP TABLE "drill_run_injects"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_runs_org_scheduled"`);
    await queryRunner.query(`DROP INDEX "public"."idx_drill_runs_org_status"`);
    await queryRunner.query(`DROP TABLE "drill_runs"`);
    await queryRunner.query(`DROP INDEX "public"."idx_notifications_user_created"`);
    await queryRunner.query(`DROP INDEX "public"."uq_notifications_user_dedupe"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
