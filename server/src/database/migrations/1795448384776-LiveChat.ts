import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LiveChat1795448384776 implements MigrationInterface {
  name = 'LiveChat1795448384776';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chats" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid, "org_name" character varying(200), "customer_user_id" uuid, "customer_name" character varying(200) NOT NULL, "customer_email" character varying(254) NOT NULL, "customer_ip" character varying(64), "visitor_token_hash" character varying(64), "status" character varying(10) NOT NULL, "language" character varying(5) NOT NULL, "subject" character varying(200) NOT NULL, "operator_user_id" uuid, "operator_name" character varying(200), "assigned_at" TIMESTAMP WITH TIME ZONE, "first_response_at" TIMESTAMP WITH TIME ZONE, "closed_at" TIMESTAMP WITH TIME ZONE, "closed_reason" character varying(10), "last_seq" integer NOT NULL DEFAULT '0', "last_message_at" TIMESTAMP WITH TIME ZONE NOT NULL, "customer_read_seq" integer NOT NULL DEFAULT '0', "operator_read_seq" integer NOT NULL DEFAULT '0', "rating" smallint, "rating_comment" text, "ticket_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0117647b3c4a4e5ff198aeb6206" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_chats_org" ON "chats"  ("org_id") `);
    await queryRunner.query(`CREATE INDEX "idx_chats_customer" ON "chats"  ("customer_user_id") `);
    await queryRunner.query(`CREATE INDEX "idx_chats_operator_status" ON "chats"  ("operator_user_id", "status") `);
    await queryRunner.query(`CREATE INDEX "idx_chats_status_created" ON "chats"  ("status", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "chat_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "chat_id" uuid NOT NULL, "seq" integer NOT NULL, "client_id" character varying(64), "kind" character varying(10) NOT NULL, "sender_user_id" uuid, "sender_name" character varying(200) NOT NULL, "body" text NOT NULL, "attachment_id" uuid, "event" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "uq_chat_messages_client" UNIQUE ("chat_id", "client_id"), CONSTRAINT "uq_chat_messages_seq" UNIQUE ("chat_id", "seq"), CONSTRAINT "PK_40c55ee0e571e268b0d3cd37d10" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_chat_messages_attachment" ON "chat_messages"  ("attachment_id") `);
    await queryRunner.query(
      `CREATE TABLE "chat_attachments" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "chat_id" uuid NOT NULL, "uploader_kind" character varying(10) NOT NULL, "uploader_user_id" uuid, "filename" character varying(255) NOT NULL, "content_type" character varying(100) NOT NULL, "size" integer NOT NULL, "storage_key" character varying(300) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6752d3c3498926995b12c0a04bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_chat_attachments_chat" ON "chat_attachments"  ("chat_id") `);
    await queryRunner.query(
      `CREATE TABLE "chat_operators" ("user_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "presence" character varying(10) NOT NULL DEFAULT 'offline', "capacity" smallint NOT NULL, "last_assigned_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4ba428251b77c1f80814faf2d93" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "chat_canned_responses" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner_user_id" uuid, "author_name" character varying(200) NOT NULL, "author_user_id" uuid NOT NULL, "shortcut" character varying(32) NOT NULL, "title" character varying(120) NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2afe8b8493d1538722295ddd81c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_canned_owner_shortcut" ON "chat_canned_responses"  ("owner_user_id", "shortcut") WHERE owner_user_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_canned_shared_shortcut" ON "chat_canned_responses"  ("shortcut") WHERE owner_user_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "chat_bans" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" character varying(10) NOT NULL, "value" character varying(254) NOT NULL, "reason" text NOT NULL, "created_by_user_id" uuid NOT NULL, "created_by_name" character varying(200) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6ce17fb5dbf64f9363c69fc1b45" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_chat_bans_value" ON "chat_bans"  ("kind", "value") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_chat_bans_value"`);
    await queryRunner.query(`DROP TABLE "chat_bans"`);
    await queryRunner.query(`DROP INDEX "public"."uq_canned_shared_shortcut"`);
    await queryRunner.query(`DROP INDEX "public"."uq_canned_owner_shortcut"`);
    await queryRunner.query(`DROP TABLE "chat_canned_responses"`);
    await queryRunner.query(`DROP TABLE "chat_operators"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chat_attachments_chat"`);
    await queryRunner.query(`DROP TABLE "chat_attachments"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chat_messages_attachment"`);
    await queryRunner.query(`DROP TABLE "chat_messages"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chats_status_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chats_operator_status"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chats_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_chats_org"`);
    await queryRunner.query(`DROP TABLE "chats"`);
  }
}
