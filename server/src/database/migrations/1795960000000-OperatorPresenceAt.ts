import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a support operator last set their presence (a disconnect's grace period does not override a later choice). */
export class OperatorPresenceAt1795960000000 implements MigrationInterface {
  name = 'OperatorPresenceAt1795960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_operators" ADD "presence_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_operators" DROP COLUMN "presence_at"`);
  }
}
