import type { ErrorReason } from '@muster/contracts';

/** A store the request needed that could not be reached. */
export type Outage = 'database' | 'redis';

/** The reason and the `Retry-After` (seconds) of each outage's 503. */
export const OUTAGE_ANSWER: Record<Outage, { reason: ErrorReason; retryAfterSeconds: number }> = {
  database: { reason: 'common.databaseUnavailable', retryAfterSeconds: 5 },
  redis: { reason: 'common.redisUnavailable', retryAfterSeconds: 5 },
};

const OUTAGE = Symbol('muster.outage');

/**
 * Marks an error as a store's connection failure. For the errors that carry nothing of their
 * store: a refused or reset connection to PostgreSQL is a plain socket error (ECONNREFUSED…),
 * the same as one to any other host, so the database layer marks the errors of its connections.
 */
export function markOutage<E>(err: E, outage: Outage): E {
  if (err !== null && typeof err === 'object' && Object.isExtensible(err)) {
    Object.defineProperty(err, OUTAGE, { value: outage, enumerable: false, configurable: true });
  }
  return err;
}

/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exception), 57P01–57P03
 * (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const DATABASE_SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg, pg-pool and TypeORM say when there is no connection (their own words, no one else's). */
const DATABASE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Driver not Connected',
];

/** Socket errors: a store's only when its layer marked them or its driver wrapped them. */
const SOCKET_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** What ioredis says when Redis cannot be reached (its own words and error names). */
const REDIS_MESSAGES = ['Connection is closed.', "Stream isn't writeable and enableOfflineQueue options is false"];
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  driverError?: unknown;
  errors?: unknown;
  [OUTAGE]?: Outage;
}

/**
 * Which store's unavailability `exception` is, if any: PostgreSQL or Redis refusing, dropping or
 * not taking connections, seen through TypeORM (`QueryFailedError.driverError`), pg, ioredis,
 * BullMQ and the causes they wrap. Anything else (a bad query, a constraint) is null.
 */
export function outageOf(exception: unknown, depth = 0): Outage | null {
  if (depth > 5 || exception === null || typeof exception !== 'object') return null;
  const e = exception as ErrorLike;
  if (e[OUTAGE]) return e[OUTAGE];
  const message = typeof e.message === 'string' ? e.message : '';
  const name = typeof e.name === 'string' ? e.name : '';
  if (REDIS_ERROR_NAMES.has(name) || REDIS_MESSAGES.includes(message)) return 'redis';
  if (DATABASE_MESSAGES.includes(message)) return 'database';
  // TypeORM wraps every error of a query: its driver error is PostgreSQL's or the connection's.
  if (name === 'QueryFailedError' && e.driverError && typeof e.driverError === 'object') {
    const code = (e.driverError as ErrorLike).code;
    if (typeof code === 'string' && (DATABASE_SQLSTATES.test(code) || SOCKET_ERROR_CODES.has(code))) return 'database';
  }
  // pg's DatabaseError of a server shutting down or not yet taking connections.
  if (typeof e.code === 'string' && DATABASE_SQLSTATES.test(e.code) && 'severity' in e) return 'database';
  for (const inner of [e.driverError, e.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : [])]) {
    const found = outageOf(inner, depth + 1);
    if (found) return found;
  }
  return null;
}
