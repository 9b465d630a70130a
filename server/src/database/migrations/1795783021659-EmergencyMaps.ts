import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmergencyMaps1795783021659 implements MigrationInterface {
  name = 'EmergencyMaps1795783021659';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "emergency_maps" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" character varying(120) NOT NULL, "current_version" integer NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_db03c3f0e860a895df48dde9046" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "emergency_maps_org_id_idx" ON "emergency_maps"  ("org_id", "updated_at") `);
    await queryRunner.query(
      `CREATE TABLE "emergency_map_versions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "map_id" uuid NOT NULL, "version" integer NOT NULL, "content" jsonb NOT NULL, "saved_by_user_id" uuid, "saved_by_name" character varying(200) NOT NULL, CONSTRAINT "emergency_map_versions_version_check" CHECK ("version" >= 1), CONSTRAINT "PK_a757c5023c24c704eb56f91bea8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "emergency_map_versions_org_id_map_id_version_key" ON "emergency_map_versions"  ("org_id", "map_id", "version") `,
    );
    await queryRunner.query(
      `CREATE TABLE "emergency_map_images" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "storage_key" character varying(512) NOT NULL, "content_type" character varying(40) NOT NULL, "size_bytes" integer NOT NULL, "width" integer NOT NULL, "height" integer NOT NULL, "uploaded_by_user_id" uuid, CONSTRAINT "PK_6fd419d4c0c3f7a69a9394ea499" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "emergency_map_images_org_id_idx" ON "emergency_map_images"  ("org_id") `);
    await queryRunner.query(`ALTER TABLE "drill_run_participants" ADD "checked_in_point" character varying(80)`);
    await queryRunner.query(
      `ALTER TABLE "emergency_maps" ADD CONSTRAINT "emergency_maps_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "emergency_map_versions" ADD CONSTRAINT "emergency_map_versions_map_id_fkey" FOREIGN KEY ("map_id") REFERENCES "emergency_maps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "emergency_map_images" ADD CONSTRAINT "emergency_map_images_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emergency_map_images" DROP CONSTRAINT "emergency_map_images_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "emergency_map_versions" DROP CONSTRAINT "emergency_map_versions_map_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "emergency_maps" DROP CONSTRAINT "emergency_maps_org_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "drill_run_participants" DROP COLUMN "checked_in_point"`);
    await queryRunner.query(`DROP INDEX "public"."emergency_map_images_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "emergency_map_images"`);
    await queryRunner.query(`DROP INDEX "public"."emergency_map_versions_org_id_map_id_version_key"`);
    await queryRunner.query(`DROP TABLE "emergency_map_versions"`);
    await queryRunner.query(`DROP INDEX "public"."emergency_maps_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "emergency_maps"`);
  }
}
