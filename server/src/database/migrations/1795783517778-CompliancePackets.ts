import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CompliancePackets1795783517778 implements MigrationInterface {
  name = 'CompliancePackets1795783517778';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "packet_signing_keys" ("kid" character varying(40) NOT NULL, "public_key" character varying(64) NOT NULL, "private_key_enc" text NOT NULL, "not_before" TIMESTAMP WITH TIME ZONE NOT NULL, "not_after" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ed94946ae6409241d532aec480f" PRIMARY KEY ("kid"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "compliance_packet_files" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "packet_id" uuid NOT NULL, "kind" character varying(16) NOT NULL, "sha256" character varying(64) NOT NULL, "user_id" uuid, "language" character varying(8) NOT NULL, CONSTRAINT "PK_e98580e4d1450d87213f488be5f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_compliance_packet_files_hash" ON "compliance_packet_files"  ("sha256") `);
    await queryRunner.query(`CREATE INDEX "idx_compliance_packet_files_org" ON "compliance_packet_files"  ("org_id", "packet_id") `);
    await queryRunner.query(
      `CREATE TABLE "compliance_packets" ("id" uuid NOT NULL, "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "profile_id" character varying(64) NOT NULL, "profile_name" character varying(200) NOT NULL, "org_name" character varying(200) NOT NULL, "period_from" date NOT NULL, "period_to" date NOT NULL, "version" integer NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'issued', "short_code" character varying(10) NOT NULL, "issued_at" TIMESTAMP WITH TIME ZONE NOT NULL, "issued_by_user_id" uuid NOT NULL, "issued_by_name" character varying(200) NOT NULL, "language" character varying(8) NOT NULL, "content" jsonb NOT NULL, "manifest" jsonb NOT NULL, "manifest_sha256" character varying(64) NOT NULL, "kid" character varying(40) NOT NULL, "signature" character varying(100) NOT NULL, "token" character varying(600) NOT NULL, "pdf_sha256" character varying(64) NOT NULL, "file_signature" character varying(100) NOT NULL, "storage_key" character varying(200) NOT NULL, "superseded_by_id" uuid, "superseded_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" character varying(500), "revoked_by_user_id" uuid, CONSTRAINT "PK_6167ca5665110e1cc3a62c1425c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_compliance_packets_code" ON "compliance_packets"  ("short_code") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_compliance_packets_version" ON "compliance_packets"  ("org_id", "profile_id", "period_from", "period_to", "version") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_compliance_packets_org" ON "compliance_packets"  ("org_id", "issued_at") `);
    // Issued packets are immutable: only their state moves (issued → superseded or revoked, once),
    // with the columns that say when, why and by whom. Anything else is refused by the database.
    await queryRunner.query(`CREATE FUNCTION compliance_packets_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.org_id, NEW.profile_id, NEW.profile_name, NEW.org_name, NEW.period_from, NEW.period_to, NEW.version,
      NEW.short_code, NEW.issued_at, NEW.issued_by_user_id, NEW.issued_by_name, NEW.language, NEW.content, NEW.manifest,
      NEW.manifest_sha256, NEW.kid, NEW.signature, NEW.token, NEW.pdf_sha256, NEW.file_signature, NEW.storage_key, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.org_id, OLD.profile_id, OLD.profile_name, OLD.org_name, OLD.period_from, OLD.period_to, OLD.version,
      OLD.short_code, OLD.issued_at, OLD.issued_by_user_id, OLD.issued_by_name, OLD.language, OLD.content, OLD.manifest,
      OLD.manifest_sha256, OLD.kid, OLD.signature, OLD.token, OLD.pdf_sha256, OLD.file_signature, OLD.storage_key, OLD.created_at) THEN
    RAISE EXCEPTION 'compliance packet % is issued: its content cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.state <> 'issued' AND (NEW.state, NEW.superseded_by_id, NEW.superseded_at, NEW.revoked_at, NEW.revoked_reason, NEW.revoked_by_user_id)
     IS DISTINCT FROM (OLD.state, OLD.superseded_by_id, OLD.superseded_at, OLD.revoked_at, OLD.revoked_reason, OLD.revoked_by_user_id) THEN
    RAISE EXCEPTION 'compliance packet % is %: its state is final', OLD.id, OLD.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER compliance_packets_frozen BEFORE UPDATE ON "compliance_packets" FOR EACH ROW EXECUTE FUNCTION compliance_packets_frozen()`,
    );
    await queryRunner.query(
      `CREATE TABLE "compliance_waiver_acceptances" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "user_id" uuid NOT NULL, "waiver_version" character varying(40) NOT NULL, "user_name" character varying(200) NOT NULL, CONSTRAINT "PK_4fc61699fa22345306312f19e2d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_compliance_waiver_acceptances" ON "compliance_waiver_acceptances"  ("org_id", "user_id", "waiver_version") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_compliance_waiver_acceptances"`);
    await queryRunner.query(`DROP TABLE "compliance_waiver_acceptances"`);
    await queryRunner.query(`DROP TRIGGER compliance_packets_frozen ON "compliance_packets"`);
    await queryRunner.query(`DROP FUNCTION compliance_packets_frozen()`);
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_packets_org"`);
    await queryRunner.query(`DROP INDEX "public"."uq_compliance_packets_version"`);
    await queryRunner.query(`DROP INDEX "public"."uq_compliance_packets_code"`);
    await queryRunner.query(`DROP TABLE "compliance_packets"`);
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_packet_files_org"`);
    await queryRunner.query(`DROP INDEX "public"."idx_compliance_packet_files_hash"`);
    await queryRunner.query(`DROP TABLE "compliance_packet_files"`);
    await queryRunner.query(`DROP TABLE "packet_signing_keys"`);
  }
}
