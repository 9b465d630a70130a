import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A render may name the record it added (an evidence snapshot) instead of keeping a file. */
export class RenderRecords1795950000000 implements MigrationInterface {
  name = 'RenderRecords1795950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_renders" ADD "record_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_renders" DROP COLUMN "record_id"`);
  }
}
