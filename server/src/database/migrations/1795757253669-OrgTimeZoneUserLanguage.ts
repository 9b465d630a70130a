import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrgTimeZoneUserLanguage1795757253669 implements MigrationInterface {
  name = 'OrgTimeZoneUserLanguage1795757253669';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "time_zone" character varying(64) NOT NULL DEFAULT 'UTC'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(5)`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IS NULL OR "language" IN ('en', 'es', 'zh', 'ar'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_language_check"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "time_zone"`);
  }
}
