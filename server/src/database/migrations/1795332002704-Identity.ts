import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1795332002704 implements MigrationInterface {
  name = 'Identity1795332002704';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auditor_invites" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "auditor_name" character varying(120) NOT NULL, "firm" character varying(120), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "scope" jsonb NOT NULL DEFAULT '{}', "created_by_user_id" uuid, "last_used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b36b207df8276fe60ea13a894fb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "auditor_invites_org_id_idx" ON "auditor_invites"  ("org_id") `);
    await queryRunner.query(`CREATE INDEX "auditor_invites_email_idx" ON "auditor_invites"  ("email") `);
    await queryRunner.query(
      `CREATE TABLE "audit_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid, "actor_user_id" uuid, "actor_invite_id" uuid, "actor_role" character varying(32), "actor_email" character varying(254), "ip" character varying(64), "user_agent" character varying(512), "action" character varying(64) NOT NULL, "outcome" character varying(16) NOT NULL, "reason" character varying(64), "target_type" character varying(64), "target_id" character varying(128), "metadata" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "audit_events_outcome_check" CHECK ("outcome" IN ('success', 'failure')), CONSTRAINT "PK_910f64d901a5c3e9878f0d4a407" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "audit_events_action_idx" ON "audit_events"  ("action") `);
    await queryRunner.query(`CREATE INDEX "audit_events_actor_created_idx" ON "audit_events"  ("actor_user_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "audit_events_org_created_idx" ON "audit_events"  ("org_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "sso_required" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "users" ADD "password_hash" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "password_changed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "auditor_invites" ADD CONSTRAINT "auditor_invites_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Written by hand: audit events are append-only, whoever connects.
    await queryRunner.query(
      `CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_events is append-only'; END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "audit_events_no_update_delete" ON "audit_events"`);
    await queryRunner.query(`DROP FUNCTION "audit_events_append_only"()`);
    await queryRunner.query(`ALTER TABLE "auditor_invites" DROP CONSTRAINT "auditor_invites_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "password_changed_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "password_hash"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "sso_required"`);
    await queryRunner.query(`DROP INDEX "public"."audit_events_org_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_events_actor_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."audit_events_action_idx"`);
    await queryRunner.query(`DROP TABLE "audit_events"`);
    await queryRunner.query(`DROP INDEX "public"."auditor_invites_email_idx"`);
    await queryRunner.query(`DROP INDEX "public"."auditor_invites_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "auditor_invites"`);
  }
}
