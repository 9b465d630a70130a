import { z } from 'zod';
import { chainVerificationSchema } from './audit.js';
import { defineEndpoint } from './http.js';

/**
 * The platform's database page (ROOT_ADMIN): read-only operational facts of PostgreSQL, Redis and
 * the BullMQ queues. Every figure is read in a READ ONLY transaction; there is no SQL console.
 */

/** Where the page sends the root admin for the queues' jobs: Bull Board, behind the ROOT_ADMIN guard. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';

export const OPS_DATABASE_LIMITS = {
  /** The largest tables shown. */
  largestTables: 12,
  /** A query running at least this long is listed as long-running. */
  longRunningSeconds: 5,
  longRunningMax: 20,
  /** Organisations whose audit chain is verified on one reading (most recently active first). */
  chainsMax: 25,
  /** How long one verification of the chains is reused (seconds). */
  chainsCacheSeconds: 300,
} as const;

export const databaseTableSchema = z.object({
  name: z.string(),
  /** pg_total_relation_size: table, indexes and TOAST, in bytes. */
  totalBytes: z.number(),
  /** Estimated live rows (pg_stat_user_tables.n_live_tup). */
  rows: z.number(),
});
export type DatabaseTable = z.infer<typeof databaseTableSchema>;

export const databaseConnectionsSchema = z.object({
  total: z.number().int(),
  max: z.number().int(),
  /** pg_stat_activity of this database by state (`active`, `idle`, `idle in transaction`, …). */
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
});

export const longQuerySchema = z.object({
  pid: z.number().int(),
  state: z.string(),
  seconds: z.number(),
  /** The statement, cut to 300 characters. */
  query: z.string(),
  waitEvent: z.string().nullable(),
});
export type LongQuery = z.infer<typeof longQuerySchema>;

export const migrationStatusSchema = z.object({
  name: z.string(),
  /** The migration's own timestamp (when it was written), as TypeORM records it. */
  timestamp: z.string(),
});
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

export const queueCountsSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  paused: z.boolean(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const databaseOverviewSchema = z.object({
  readAt: z.string(),
  /** Whether the figures were read in a read-only transaction (always true: the page never writes). */
  readOnly: z.boolean(),
  database: z.object({ name: z.string(), version: z.string(), sizeBytes: z.number() }),
  tables: z.array(databaseTableSchema),
  connections: databaseConnectionsSchema,
  longQueries: z.array(longQuerySchema),
  migrations: z.object({ applied: z.array(migrationStatusSchema), pending: z.array(migrationStatusSchema) }),
  redis: z.object({
    version: z.string().nullable(),
    usedMemoryBytes: z.number(),
    peakMemoryBytes: z.number(),
    maxMemoryBytes: z.number(),
    maxMemoryPolicy: z.string().nullable(),
  }),
  queues: z.array(queueCountsSchema),
});
export type DatabaseOverview = z.infer<typeof databaseOverviewSchema>;

export const orgChainStatusSchema = z.object({
  orgId: z.uuid().nullable(),
  /** The organisation's name (null: the platform's own chain). */
  name: z.string().nullable(),
  verification: chainVerificationSchema,
});
export type OrgChainStatus = z.infer<typeof orgChainStatusSchema>;

export const auditChainsSchema = z.object({
  verifiedAt: z.string(),
  /** Organisations with a chain not verified on this reading (beyond `chainsMax`). */
  notChecked: z.number().int(),
  items: z.array(orgChainStatusSchema),
});
export type AuditChains = z.infer<typeof auditChainsSchema>;

export const opsDatabaseEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/database',
    summary:
      'Database size and largest tables, connections, long-running queries, migrations, Redis memory and queues (ROOT_ADMIN, read-only)',
    tag: 'admin',
    response: databaseOverviewSchema,
  }),
  auditChains: defineEndpoint({
    method: 'GET',
    path: '/api/admin/database/audit-chains',
    summary: "Each organisation's audit-chain verification (ROOT_ADMIN, read-only, reused for a few minutes)",
    tag: 'admin',
    response: auditChainsSchema,
  }),
} as const;
