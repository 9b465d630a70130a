import { isAuditAction, ocsfOf } from '@muster/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { chainKeyOf, eventHash, GENESIS_HASH, type ChainLink } from '../../platform/audit/audit-chain.js';

interface OldEvent {
  id: string;
  org_id: string | null;
  actor_user_id: string | null;
  actor_invite_id: string | null;
  actor_role: string | null;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  target_type: string | null;
  target_id: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
}

/**
 * Chains the events written before the chain existed: per organisation, by time, with the OCSF
 * mapping of their action (an action no longer known maps to API Activity, Other). The append-only
 * trigger is off for these updates only.
 */
async function backfillChains(queryRunner: QueryRunner): Promise<void> {
  const events = (await queryRunner.query(`SELECT * FROM "audit_events" ORDER BY "created_at", "id"`)) as OldEvent[];
  if (!events.length) return;
  await queryRunner.query(`ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_no_update_delete"`);
  const heads = new Map<string, { seq: number; prevHash: string; hash: string }>();
  for (const event of events) {
    const chainKey = chainKeyOf(event.org_id);
    const head = heads.get(chainKey) ?? { seq: 0, prevHash: GENESIS_HASH, hash: GENESIS_HASH };
    const outcome = event.outcome === 'failure' ? 'failure' : 'success';
    const ocsf = isAuditAction(event.action) ? ocsfOf(event.action, outcome) : { classUid: 6003, activityId: 99, severityId: 1 };
    const link: ChainLink = {
      id: event.id,
      chainKey,
      seq: head.seq + 1,
      prevHash: head.hash,
      hash: '',
      time: event.created_at,
      orgId: event.org_id,
      actorUserId: event.actor_user_id,
      actorInviteId: event.actor_invite_id,
      actorRole: event.actor_role,
      actorEmail: event.actor_email,
      ip: event.ip,
      userAgent: event.user_agent,
      action: event.action,
      outcome: event.outcome,
      reason: event.reason,
      targetType: event.target_type,
      targetId: event.target_id,
      ...ocsf,
      metadata: event.metadata,
    };
    link.hash = eventHash(link);
    await queryRunner.query(
      `UPDATE "audit_events" SET "chain_key" = $2, "seq" = $3, "prev_hash" = $4, "hash" = $5, "class_uid" = $6, "activity_id" = $7,
              "severity_id" = $8 WHERE "id" = $1`,
      [link.id, chainKey, link.seq, link.prevHash, link.hash, link.classUid, link.activityId, link.severityId],
    );
    heads.set(chainKey, { seq: link.seq, prevHash: link.prevHash, hash: link.hash });
  }
  for (const [chainKey, head] of heads) {
    await queryRunner.query(`INSERT INTO "audit_chain_heads" ("chain_key", "seq", "prev_hash", "hash") VALUES ($1, $2, $3, $4)`, [
      chainKey,
      head.seq,
      head.prevHash,
      head.hash,
    ]);
  }
  await queryRunner.query(`ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_no_update_delete"`);
}

export class AuditChainSiem1795485607628 implements MigrationInterface {
  name = 'AuditChainSiem1795485607628';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_chain_heads" ("chain_key" character varying(36) NOT NULL, "seq" bigint NOT NULL, "prev_hash" character(64) NOT NULL, "hash" character(64) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4ff78996adb285c38c15e23fcd4" PRIMARY KEY ("chain_key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "siem_destinations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "name" character varying(80) NOT NULL, "url" character varying(2000) NOT NULL, "format" character varying(24) NOT NULL, "class_uids" integer array NOT NULL DEFAULT '{}', "min_severity_id" smallint NOT NULL DEFAULT '1', "authorization" character varying(2000), "secrets" jsonb NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(16), "disabled_at" TIMESTAMP WITH TIME ZONE, "throttled_until" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "last_delivered_at" TIMESTAMP WITH TIME ZONE, "created_by_user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_10ba6f089df7e0789a1b625d0b4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "siem_destinations_org_id_idx" ON "siem_destinations"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "siem_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "org_id" uuid NOT NULL, "destination_id" uuid NOT NULL, "event_id" uuid, "webhook_id" character varying(64) NOT NULL, "test" boolean NOT NULL DEFAULT false, "action" character varying(64) NOT NULL, "payload" jsonb, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "replays" integer NOT NULL DEFAULT '0', "last_status_code" integer, "last_latency_ms" integer, "last_error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, "delivered_at" TIMESTAMP WITH TIME ZONE, "metered" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8bc503b6a45883c4573b4ca89ce" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "siem_deliveries_unmetered_idx" ON "siem_deliveries"  ("org_id") WHERE status = 'delivered' AND NOT metered AND NOT test`,
    );
    await queryRunner.query(
      `CREATE INDEX "siem_deliveries_pending_idx" ON "siem_deliveries"  ("next_attempt_at") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "siem_deliveries_destination_created_idx" ON "siem_deliveries"  ("destination_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "siem_delivery_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "delivery_id" uuid NOT NULL, "attempt" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_code" integer, "latency_ms" integer, "error" character varying(500), "response_snippet" character varying(1024), CONSTRAINT "PK_77c0bea20374bd4de1421caedf9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "siem_delivery_attempts_delivery_idx" ON "siem_delivery_attempts"  ("delivery_id", "at") `);
    // Written by hand: the new audit columns are filled for the events already there (each chain
    // in the order the events were written), then made NOT NULL.
    for (const column of [
      '"chain_key" character varying(36)',
      '"seq" bigint',
      '"prev_hash" character(64)',
      '"hash" character(64)',
      '"class_uid" integer',
      '"activity_id" integer',
      '"severity_id" smallint',
    ]) {
      await queryRunner.query(`ALTER TABLE "audit_events" ADD ${column}`);
    }
    await backfillChains(queryRunner);
    for (const column of ['chain_key', 'seq', 'prev_hash', 'hash', 'class_uid', 'activity_id', 'severity_id']) {
      await queryRunner.query(`ALTER TABLE "audit_events" ALTER COLUMN "${column}" SET NOT NULL`);
    }
    await queryRunner.query(`ALTER TABLE "audit_events" ALTER COLUMN "id" DROP DEFAULT`);
    await queryRunner.query(`CREATE UNIQUE INDEX "audit_events_chain_seq_key" ON "audit_events"  ("chain_key", "seq") `);
    await queryRunner.query(
      `ALTER TABLE "siem_destinations" ADD CONSTRAINT "siem_destinations_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "siem_deliveries" ADD CONSTRAINT "siem_deliveries_destination_id_fkey" FOREIGN KEY ("destination_id") REFERENCES "siem_destinations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "siem_delivery_attempts" ADD CONSTRAINT "siem_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "siem_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "siem_delivery_attempts" DROP CONSTRAINT "siem_delivery_attempts_delivery_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "siem_deliveries" DROP CONSTRAINT "siem_deliveries_destination_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "siem_destinations" DROP CONSTRAINT "siem_destinations_org_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."audit_events_chain_seq_key"`);
    await queryRunner.query(`ALTER TABLE "audit_events" ALTER COLUMN "id" SET DEFAULT gen_random_uuid()`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "severity_id"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "activity_id"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "class_uid"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "hash"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "prev_hash"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "seq"`);
    await queryRunner.query(`ALTER TABLE "audit_events" DROP COLUMN "chain_key"`);
    await queryRunner.query(`DROP INDEX "public"."siem_delivery_attempts_delivery_idx"`);
    await queryRunner.query(`DROP TABLE "siem_delivery_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."siem_deliveries_destination_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."siem_deliveries_pending_idx"`);
    await queryRunner.query(`DROP INDEX "public"."siem_deliveries_unmetered_idx"`);
    await queryRunner.query(`DROP TABLE "siem_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."siem_destinations_org_id_idx"`);
    await queryRunner.query(`DROP TABLE "siem_destinations"`);
    await queryRunner.query(`DROP TABLE "audit_chain_heads"`);
  }
}
