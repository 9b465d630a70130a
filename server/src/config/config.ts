import { DEFAULT_SUPPORT_EMAIL } from '@muster/contracts';
import { z } from 'zod';
import ipaddr from 'ipaddr.js';

/**
 * The one configuration object of Muster, parsed from process.env at boot.
 * Every variable is listed in .env.example. A bad value stops the process and names the variable.
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

function isCidr(value: string): boolean {
  if (!value.includes('/')) return ipaddr.isValid(value);
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Which part of Muster this process runs: everything, the HTTP/socket api, or the job workers. */
    MUSTER_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0).max(65535).default(3000),
    /**
     * Public origin(s) the browser uses; Origin headers of sockets and mutating requests must
     * match one. Default: http://localhost:PORT, http://127.0.0.1:PORT and the Vite dev server.
     */
    APP_ORIGINS: csv.optional(),
    /** PostgreSQL URL. When unset, an embedded PostgreSQL server is started with its data in DATA_DIR/postgres. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * The tenant check (platform/tenancy/tenant-check.ts): a query of an org-owned table that names
     * no organisation throws (`strict`, what the integration tests run with) or is appended to
     * TENANT_CHECK_FILE (`report`). Off in production.
     */
    TENANT_CHECK: z.enum(['off', 'strict', 'report']).default('off'),
    TENANT_CHECK_FILE: z.string().default('tenant-check.jsonl'),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).default('redis://127.0.0.1:6379'),
    /** Prefix of every Redis key, queue and stream (tests give each file its own). */
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-z0-9:_-]+$/i, 'letters, digits, ":", "_" and "-" only')
      .default('muster'),
    /** Launch a local redis-server child when nothing answers at a loopback REDIS_URL. */
    REDIS_AUTOSTART: bool.default(true),
    DATA_DIR: z.string().min(1).default('.data'),
    /** Encrypts the packet signing keys' private halves (HKDF → AES-256-GCM); unset: DATA_DIR/packet-signing.secret, made once. */
    PACKET_SIGNING_SECRET: z.string().min(32).optional(),
    /** Where uploaded files are kept: the local disk (default) or an S3-compatible bucket. */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** Directory of the local driver (default: DATA_DIR/storage). */
    STORAGE_DIR: z.string().min(1).optional(),
    /** S3-compatible endpoint (MinIO, R2, …); unset for AWS S3 itself. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address the bucket in the path (http://host/bucket/key), as MinIO and most S3-compatible stores need. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Directory of the built web app served by the api. */
    WEB_DIST_DIR: z.string().optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Muster <no-reply@muster.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest accepted request body, in bytes. */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(1024 * 1024),
    /** Default attempts of a background job before it is kept as failed. */
    JOB_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    JOB_BACKOFF_MS: z.coerce.number().int().min(10).default(1000),
    /** Help-desk assistant display name ("Chat with {name}"). */
    ASSISTANT_NAME: z.string().min(1).max(40).default('Skipper'),
    /**
     * Base URL of an OpenAI-compatible API (`…/v1`); the assistant then calls its
     * `/chat/completions` with the retrieved articles. Unset: the built-in answers only.
     */
    ASSISTANT_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ASSISTANT_API_KEY: z.string().optional(),
    /** Model name sent to the OpenAI-compatible API (required with ASSISTANT_API_URL). */
    ASSISTANT_MODEL: z.string().max(200).optional(),
    /** How long the assistant waits for the model before answering on its own. */
    ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** Questions the assistant takes per session (or, for visitors, per client address) in a minute. */
    ASSISTANT_QUESTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Quick generations a member may have the model reword in a minute (beyond: the composed template). */
    DRILL_GENERATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    /** Address shown on the contact page and told about new contact messages. */
    SUPPORT_EMAIL: z.email('must be an email address').default(DEFAULT_SUPPORT_EMAIL),
    /** Contact-form messages accepted per client address in an hour. */
    CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /**
     * Which proxies may set X-Forwarded-For (client addresses feed rate limits and audit):
     * "false" (default: none), "true" (any), or a comma-separated list of addresses/CIDRs.
     */
    TRUST_PROXY: z.string().default('false'),
    /** Hours a session lives without activity (sliding), and at most in all. */
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .min(0.1)
      .max(24 * 30)
      .default(12),
    SESSION_MAX_DAYS: z.coerce.number().min(0.1).max(90).default(7),
    /**
     * Keep sessions in each api instance, kept true by Redis' invalidation messages (client-side
     * caching): a signed-in request then reads nothing from Redis. False: every request reads Redis.
     */
    SESSION_CACHE: bool.default(true),
    /** Sign-in attempts allowed per client address in 15 minutes (password and code). */
    AUTH_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(50),
    /** Seed demo data on the first start of an empty database. */
    SEED_ON_EMPTY: bool.optional(),
    /**
     * With the demo data, fill the demo evidence vault (uploads and snapshots rendered as PDFs,
     * several seconds); on unless false. The integration tests turn it off but where they test it.
     */
    SEED_EVIDENCE: bool.optional(),
    /** Live chats a support operator takes at once until they set their own capacity. */
    CHAT_OPERATOR_CAPACITY: z.coerce.number().int().min(1).max(20).default(3),
    /** Chats a customer (account, or visitor address) may start in an hour. */
    CHATS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /**
     * Stripe secret key (`sk_live_…`/`sk_test_…`). Set: checkout goes through Stripe Checkout and
     * its billing portal. Unset: the built-in provider (invoices paid by transfer).
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    /** Signing secret of the Stripe webhook endpoint `/api/webhooks/stripe` (`whsec_…`). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, 'must be a Stripe webhook secret (whsec_…)')
      .optional(),
    /**
     * Networks SIEM webhooks may reach although they are private, loopback or link-local
     * (comma-separated addresses or CIDRs, e.g. `10.20.0.0/16`); plain http is accepted there.
     * Default: none, so webhooks go only to public https addresses.
     */
    SIEM_ALLOWED_NETWORKS: csv
      .refine((list) => list.every((cidr) => isCidr(cidr)), 'must be comma-separated IP addresses or CIDRs (10.0.0.0/8, ::1/128)')
      .default([]),
    /**
     * The SIEM retry schedule: the delay before each attempt, in ms, comma-separated. Default:
     * Standard Webhooks' (0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Shorter for tests.
     */
    SIEM_RETRY_SCHEDULE_MS: csv
      .refine((list) => list.length > 0 && list.every((v) => /^\d+$/.test(v)), 'must be comma-separated whole milliseconds')
      .transform((list) => list.map(Number))
      .optional(),
    /** SIEM deliveries a worker makes at once, and at most to one destination. */
    SIEM_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
    SIEM_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(8),
    /** SCIM requests one token may make per minute (429 with Retry-After beyond). */
    SCIM_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    /**
     * How long a worker holds a job before another may take it over (BullMQ's lock duration and
     * stalled-job check interval): a killed worker's jobs resume after about this long.
     */
    JOB_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    /**
     * How many times faster than the chosen speed the simulation sandbox's clock runs (1: 1× is real
     * time). Tests raise it so a simulated drill plays in seconds.
     */
    SIMULATION_TIME_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
    /** Another Stripe API base (stripe-mock, a test double); unset for api.stripe.com. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'must be set together with its pair',
      });
    }
  })
  .refine((c) => !c.ASSISTANT_API_URL || Boolean(c.ASSISTANT_MODEL), {
    message: 'must be set when ASSISTANT_API_URL is',
    path: ['ASSISTANT_MODEL'],
  });

export type AppConfig = Omit<z.infer<typeof configSchema>, 'APP_ORIGINS'> & {
  readonly APP_ORIGINS: readonly string[];
  readonly embeddedDatabase: boolean;
};

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join('; ')}`);
  }
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset", as they do in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const { PORT } = result.data;
  const origins = result.data.APP_ORIGINS ?? [`http://localhost:${PORT}`, `http://127.0.0.1:${PORT}`, 'http://localhost:5173'];
  return Object.freeze({
    ...result.data,
    APP_ORIGINS: origins.map((o) => o.replace(/\/$/, '')),
    embeddedDatabase: !result.data.DATABASE_URL,
  });
}

/** Injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
