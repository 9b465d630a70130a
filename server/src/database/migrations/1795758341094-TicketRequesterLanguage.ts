import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TicketRequesterLanguage1795758341094 implements MigrationInterface {
  name = 'TicketRequesterLanguage1795758341094';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tickets" ADD "requester_language" character varying(5)`);
    await queryRunner.query(
      `ALTER TABLE "tickets" ADD CONSTRAINT "tickets_requester_language_check" CHECK ("requester_language" IS NULL OR "requester_language" IN ('en', 'es', 'zh', 'ar'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tickets" DROP CONSTRAINT "tickets_requester_language_check"`);
    await queryRunner.query(`ALTER TABLE "tickets" DROP COLUMN "requester_language"`);
  }
}
