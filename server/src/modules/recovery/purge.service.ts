import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityMetadata } from 'typeorm';
import { AuditService } from '../../platform/audit/audit.service.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import { OrgOwnedEntity } from '../../platform/tenancy/org-owned.entity.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { TerminationService } from './termination.service.js';

/**
 * Records a terminated organisation's purge keeps (spec §9: compliance and billing records 7
 * years; the audit trail is append-only), by table. Everything else the organisation owns is deleted.
 */
export const RETAINED_TABLES: Readonly<Record<string, 'billing' | 'compliance' | 'audit' | 'termination'>> = {
  subscriptions: 'billing',
  usage_records: 'billing',
  invoices: 'billing',
  checkouts: 'billing',
  billing_credits: 'billing',
  payment_events: 'billing',
  drill_runs: 'compliance',
  drill_run_steps: 'compliance',
  drill_run_participants: 'compliance',
  drill_run_log: 'compliance',
  drill_run_injects: 'compliance',
  drill_run_observations: 'compliance',
  drill_run_addenda: 'compliance',
  drill_corrective_actions: 'compliance',
  compliance_packets: 'compliance',
  compliance_packet_files: 'compliance',
  compliance_waiver_acceptances: 'compliance',
  evidence_records: 'compliance',
  evidence_holds: 'compliance',
  audit_events: 'audit',
  audit_chain_heads: 'audit',
  organization_terminations: 'termination',
  restore_requests: 'termination',
};

interface PurgePlan {
  /** Tables with the organisation's rows (`org_id`), children before the tables they reference. */
  owned: EntityMetadata[];
  /** Tables without `org_id` whose rows belong to an owned row (`ticket_id` → tickets), with that column. */
  children: { metadata: EntityMetadata; column: string; parent: EntityMetadata }[];
}

const hasColumn = (m: EntityMetadata, name: string): boolean => m.columns.some((c) => c.databaseName === name);

/**
 * Deletes what a terminated organisation owned once its 90 days are over: every entity extending
 * `OrgOwnedEntity` and every other table with an `org_id` (read from TypeORM's metadata, so a new
 * module's tables are purged without a list to keep up), rows that belong to those rows, the
 * storage objects they point at, and the users whose only membership was there — except the
 * retained tables above. The organisation's own row stays (billing and compliance records name it).
 */
@Injectable()
export class PurgeService {
  private readonly logger = new Logger('Purge');
  private plan: PurgePlan | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly terminations: TerminationService,
  ) {}

  /** What the purge deletes, from the entities' metadata. */
  purgePlan(): PurgePlan {
    if (this.plan) return this.plan;
    const all = this.dataSource.entityMetadatas;
    const isOwned = (m: EntityMetadata): boolean =>
      !(m.tableName in RETAINED_TABLES) &&
      m.tableName !== 'memberships' &&
      ((m.target as { prototype?: unknown }).prototype instanceof OrgOwnedEntity || hasColumn(m, 'org_id'));
    const owned = all.filter(isOwned);
    const ownedNames = new Set(owned.map((m) => m.tableName));
    // Children first: a table referencing another owned table is emptied before it.
    const sorted: EntityMetadata[] = [];
    const visit = (m: EntityMetadata, seen: Set<string>): void => {
      if (sorted.includes(m) || seen.has(m.tableName)) return;
      seen.add(m.tableName);
      for (const child of owned.filter((o) => o.foreignKeys.some((fk) => fk.referencedEntityMetadata.tableName === m.tableName))) {
        if (child !== m) visit(child, seen);
      }
      sorted.push(m);
    };
    for (const m of owned) visit(m, new Set());
    const children: PurgePlan['children'] = [];
    for (const m of all) {
      if (hasColumn(m, 'org_id') || m.tableName in RETAINED_TABLES || ownedNames.has(m.tableName)) continue;
      for (const c of m.columns) {
        const match = /^(\w+)_id$/.exec(c.databaseName);
        const parent = match ? owned.find((o) => o.tableName === `${match[1]}s`) : undefined;
        if (parent) children.push({ metadata: m, column: c.databaseName, parent });
      }
    }
    this.plan = { owned: sorted, children };
    return this.plan;
  }

  /** The purge job: every termination past its 90 days. */
  async purgeDue(now = new Date()): Promise<number> {
    const due = await this.terminations.due(now);
    for (const termination of due) await this.purge(termination.id, termination.orgId);
    return due.length;
  }

  /** Purges one organisation (idempotent: a termination no longer in force is left alone). */
  async purge(terminationId: string, orgId: string): Promise<Record<string, number>> {
    return acrossOrganisations('purging an organisation terminated 90 days ago', async () => {
      const plan = this.purgePlan();
      const keys: string[] = [];
      const report: Record<string, number> = {};
      const done = await this.dataSource.transaction(async (tx) => {
        const [held] = await tx.query<{ id: string }[]>(
          `SELECT id FROM organization_terminations WHERE id = $1 AND org_id = $2 AND status = 'terminated' FOR UPDATE`,
          [terminationId, orgId],
        );
        if (!held) return false;
        const count = (table: string, n: number): void => {
          if (n) report[table] = (report[table] ?? 0) + n;
        };
        for (const { metadata, column, parent } of plan.children) {
          const where = `"${column}" IN (SELECT id FROM "${parent.tableName}" WHERE org_id = $1)`;
          if (hasColumn(metadata, 'storage_key')) {
            const rows = await tx.query<{ storage_key: string | null }[]>(
              `SELECT storage_key FROM "${metadata.tableName}" WHERE ${where}`,
              [orgId],
            );
            keys.push(...rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
          }
          const [, n] = await tx.query<[unknown, number]>(`DELETE FROM "${metadata.tableName}" WHERE ${where}`, [orgId]);
          count(metadata.tableName, n);
        }
        for (const metadata of plan.owned) {
          if (hasColumn(metadata, 'storage_key')) {
            const rows = await tx.query<{ storage_key: string | null }[]>(
              `SELECT storage_key FROM "${metadata.tableName}" WHERE org_id = $1`,
              [orgId],
            );
            keys.push(...rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
          }
          const [, n] = await tx.query<[unknown, number]>(`DELETE FROM "${metadata.tableName}" WHERE org_id = $1`, [orgId]);
          count(metadata.tableName, n);
        }
        // Users whose only membership was here (a user has one membership); their memberships go with them.
        const [, users] = await tx.query<[unknown, number]>(
          `DELETE FROM users WHERE id IN (SELECT user_id FROM memberships WHERE org_id = $1)`,
          [orgId],
        );
        count('users', users);
        const [, memberships] = await tx.query<[unknown, number]>(`DELETE FROM memberships WHERE org_id = $1`, [orgId]);
        count('memberships', memberships);
        report.storageObjects = new Set(keys).size;
        await tx.query(
          `UPDATE organization_terminations SET status = 'purged', purged_at = now(), purge_report = $3, updated_at = now() WHERE id = $1 AND org_id = $2`,
          [terminationId, orgId, JSON.stringify(report)],
        );
        return true;
      });
      if (!done) return {};
      // The bytes go after the rows are gone (a failure here leaves unreachable objects, never dangling rows).
      for (const key of new Set(keys)) {
        await this.storage.remove(key).catch((err: unknown) => this.logger.warn({ err, key }, 'Could not remove a purged object'));
      }
      await this.audit.record({
        action: 'organization.purge',
        outcome: 'success',
        actor: { role: 'SYSTEM' },
        orgId,
        target: { type: 'organization', id: orgId },
        metadata: { terminationId, deleted: report, retained: [...new Set(Object.values(RETAINED_TABLES))] },
      });
      return report;
    });
  }
}
