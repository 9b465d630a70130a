import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EvidenceVault1795796581352 implements MigrationInterface {
  name = 'EvidenceVault1795796581352';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "evidence_records" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "kind" character varying(24) NOT NULL, "title" character varying(200) NOT NULL, "description" text NOT NULL DEFAULT '', "rule_ids" jsonb NOT NULL, "period_from" date NOT NULL, "period_to" date NOT NULL, "facility" character varying(200), "source_type" character varying(24), "source_id" character varying(64), "source_version_id" character varying(64), "source_label" character varying(300), "file_name" character varying(255) NOT NULL, "content_type" character varying(100) NOT NULL, "size" integer NOT NULL, "sha256" character(64) NOT NULL, "storage_key" character varying(300) NOT NULL, "added_by_user_id" uuid, "added_by_name" character varying(200) NOT NULL, "retain_until" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_09c129db70e630b71fe57c5ebcf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "evidence_records" ADD CONSTRAINT "evidence_records_retention_check" CHECK ("retain_until" >= "created_at" + interval '7 years')`,
    );
    // A retained record cannot change or go: every UPDATE is refused, and a DELETE before its
    // retention ends or while a legal hold is active (only the purge job deletes, after both).
    await queryRunner.query(`CREATE FUNCTION evidence_records_retained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'evidence record % cannot be changed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.retain_until > now() THEN
    RAISE EXCEPTION 'evidence record % is retained until %', OLD.id, OLD.retain_until USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM evidence_holds h WHERE h.record_id = OLD.id AND h.released_at IS NULL) THEN
    RAISE EXCEPTION 'evidence record % is under a legal hold', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER evidence_records_retained BEFORE UPDATE OR DELETE ON "evidence_records" FOR EACH ROW EXECUTE FUNCTION evidence_records_retained()`,
    );
    await queryRunner.query(`CREATE INDEX "idx_evidence_records_retain" ON "evidence_records"  ("retain_until") `);
    await queryRunner.query(`CREATE INDEX "idx_evidence_records_org" ON "evidence_records"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "evidence_holds" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "record_id" uuid NOT NULL, "reason" character varying(500) NOT NULL, "placed_by_user_id" uuid, "placed_by_name" character varying(200) NOT NULL, "released_at" TIMESTAMP WITH TIME ZONE, "released_by_user_id" uuid, "released_by_name" character varying(200), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8e7435cf8e72ece8ce347e471f1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_evidence_holds_org" ON "evidence_holds"  ("org_id", "record_id") `);
    await queryRunner.query(
      `CREATE TABLE "evidence_requests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "invite_id" uuid NOT NULL, "text" text NOT NULL, "rule_id" character varying(80), "due_date" date NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'open', "submitted_at" TIMESTAMP WITH TIME ZONE, "submitted_by_user_id" uuid, "submitted_by_name" character varying(200), "note" text, "evidence_ids" jsonb NOT NULL DEFAULT '[]', "reviewed_at" TIMESTAMP WITH TIME ZONE, "review_comment" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_913982e15f9105798909fb7b4d4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_evidence_requests_invite" ON "evidence_requests"  ("invite_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "idx_evidence_requests_org" ON "evidence_requests"  ("org_id", "state") `);
    await queryRunner.query(
      `CREATE TABLE "evidence_reviews" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "invite_id" uuid NOT NULL, "record_id" uuid NOT NULL, "state" character varying(16) NOT NULL, "comment" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_03844b12c921eae5efa27e7ac09" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_evidence_reviews_invite_record" ON "evidence_reviews"  ("invite_id", "record_id") `);
    await queryRunner.query(`CREATE INDEX "idx_evidence_reviews_org" ON "evidence_reviews"  ("org_id", "invite_id") `);
    await queryRunner.query(
      `CREATE TABLE "evidence_samples" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "invite_id" uuid NOT NULL, "seed" character varying(64) NOT NULL, "population" jsonb NOT NULL, "population_size" integer NOT NULL, "size" integer NOT NULL, "record_ids" jsonb NOT NULL, "method" character varying(60) NOT NULL, CONSTRAINT "PK_5983b523a8d8e308a9145d3c448" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_evidence_samples_org" ON "evidence_samples"  ("org_id", "invite_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "audit_events_target_idx" ON "audit_events"  ("org_id", "target_type", "target_id") `);
    await queryRunner.query(
      `ALTER TABLE "evidence_holds" ADD CONSTRAINT "evidence_holds_record_id_fkey" FOREIGN KEY ("record_id") REFERENCES "evidence_records"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_invite_id_fkey" FOREIGN KEY ("invite_id") REFERENCES "auditor_invites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "evidence_reviews" ADD CONSTRAINT "evidence_reviews_invite_id_fkey" FOREIGN KEY ("invite_id") REFERENCES "auditor_invites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "evidence_reviews" ADD CONSTRAINT "evidence_reviews_record_id_fkey" FOREIGN KEY ("record_id") REFERENCES "evidence_records"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "evidence_samples" ADD CONSTRAINT "evidence_samples_invite_id_fkey" FOREIGN KEY ("invite_id") REFERENCES "auditor_invites"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "evidence_samples" DROP CONSTRAINT "evidence_samples_invite_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "evidence_reviews" DROP CONSTRAINT "evidence_reviews_record_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "evidence_reviews" DROP CONSTRAINT "evidence_reviews_invite_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "evidence_requests" DROP CONSTRAINT "evidence_requests_invite_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "evidence_holds" DROP CONSTRAINT "evidence_holds_record_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."audit_events_target_idx"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_samples_org"`);
    await queryRunner.query(`DROP TABLE "evidence_samples"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_reviews_org"`);
    await queryRunner.query(`DROP INDEX "public"."uq_evidence_reviews_invite_record"`);
    await queryRunner.query(`DROP TABLE "evidence_reviews"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_requests_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_requests_invite"`);
    await queryRunner.query(`DROP TABLE "evidence_requests"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_holds_org"`);
    await queryRunner.query(`DROP TABLE "evidence_holds"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_records_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_evidence_records_retain"`);
    await queryRunner.query(`DROP TRIGGER evidence_records_retained ON "evidence_records"`);
    await queryRunner.query(`DROP FUNCTION evidence_records_retained()`);
    await queryRunner.query(`DROP TABLE "evidence_records"`);
  }
}
