import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SimulationRuns1795825673234 implements MigrationInterface {
  name = 'SimulationRuns1795825673234';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "simulation_runs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "template_id" character varying(64) NOT NULL, "template" jsonb NOT NULL, "participants" integer NOT NULL, "speed" integer NOT NULL DEFAULT '1', "status" character varying(16) NOT NULL DEFAULT 'ready', "elapsed_ms" bigint NOT NULL DEFAULT '0', "anchor_at" TIMESTAMP WITH TIME ZONE, "reached_ms" bigint NOT NULL DEFAULT '0', "duration_ms" bigint NOT NULL, "segment" integer NOT NULL DEFAULT '0', "started_by_user_id" uuid, "started_by_name" character varying(200) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e721bc4d4fe17be8cab15c245e9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "simulation_runs_status_idx" ON "simulation_runs"  ("status") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."simulation_runs_status_idx"`);
    await queryRunner.query(`DROP TABLE "simulation_runs"`);
  }
}
