import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KnowledgeBase1795444416756 implements MigrationInterface {
  name = 'KnowledgeBase1795444416756';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "knowledge_articles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" character varying(200) NOT NULL, "body" text NOT NULL, "tags" text array NOT NULL DEFAULT '{}', "language" character varying(8) NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'draft', "author_user_id" uuid, "author_name" character varying(200) NOT NULL, "reviewer_user_id" uuid, "reviewer_name" character varying(200), "review_comment" text, "published_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4dff86fc9e08f53fe1d4cfe5fb1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_knowledge_articles_status_language" ON "knowledge_articles"  ("status", "language") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_knowledge_articles_status_language"`);
    await queryRunner.query(`DROP TABLE "knowledge_articles"`);
  }
}
