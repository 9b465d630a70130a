import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SamlSso1795812688564 implements MigrationInterface {
  name = 'SamlSso1795812688564';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "saml_providers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "name" character varying(80) NOT NULL, "idp_entity_id" character varying(1000) NOT NULL, "sso_url" character varying(2000) NOT NULL, "slo_url" character varying(2000), "certificates" jsonb NOT NULL, "metadata_source" character varying(8) NOT NULL, "metadata_url" character varying(2000), "metadata_refreshed_at" TIMESTAMP WITH TIME ZONE, "metadata_refresh_error" character varying(500), "email_domains" character varying array NOT NULL DEFAULT '{}', "default_role" character varying(24) NOT NULL DEFAULT 'USER', "group_attribute" character varying(256) NOT NULL DEFAULT 'groups', "group_mappings" jsonb NOT NULL DEFAULT '[]', "allow_idp_initiated" boolean NOT NULL DEFAULT false, "enabled" boolean NOT NULL DEFAULT true, "last_sign_in_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21edd1c75ee69cefd1dd4d2f598" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "saml_providers_org_id_idx" ON "saml_providers"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "saml_sign_in_events" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "provider_id" uuid, "outcome" character varying(8) NOT NULL, "reason" character varying(24), "subject" character varying(320), "detail" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ea2d4dc0fe6349f347bd844754c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "saml_sign_in_events_org_created_idx" ON "saml_sign_in_events"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "saml_sp_keys" ("id" character varying(16) NOT NULL, "certificate" text NOT NULL, "private_key_enc" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9b539a6b4a59a3a9e94ff344e69" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sso_settings" ("org_id" uuid NOT NULL, "enforced" boolean NOT NULL DEFAULT false, "break_glass_user_ids" uuid array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bcd45327258a9942f17cd5aeeec" PRIMARY KEY ("org_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "saml_providers" ADD CONSTRAINT "saml_providers_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "saml_sign_in_events" ADD CONSTRAINT "saml_sign_in_events_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sso_settings" DROP CONSTRAINT "sso_settings_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "saml_sign_in_events" DROP CONSTRAINT "saml_sign_in_events_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "saml_providers" DROP CONSTRAINT "saml_providers_org_id_fkey"`);
    await queryRunner.query(`DROP TABLE "sso_settings"`);
    await queryRunner.query(`DROP TABLE "saml_sp_keys"`);
    await queryRunner.query(`DROP INDEX "public"."saml_sign_in_events_org_created_idx"`);
    await queryRunner.query(`DROP TABLE "saml_sign_in_events"`);
    await queryRunner.query(`DROP INDEX "public"."saml_providers_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "saml_providers"`);
  }
}
