/**
 * What the benchmarks that drive Muster like its clients share: a database of their own, a
 * signed-in HTTP client (cookies and CSRF like the web app), sockets, acknowledged emits, and
 * bounded concurrency for setting up many clients.
 */
import { randomBytes } from 'node:crypto';
import { COOKIES, CSRF_HEADER } from '@muster/contracts';
import pg from 'pg';
import { io } from 'socket.io-client';
import { onCleanup } from './cleanup.mjs';

/** The password of every seeded demo user. */
export const DEMO_PASSWORD = 'Muster!Demo2026';
const ADMIN_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of the benchmark's own, dropped afterwards. */
export async function createDatabase() {
  const name = `muster_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped;
  const drop = () => (dropped ??= (release(), adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const release = onCleanup(drop);
  return { url: url.toString(), drop };
}

/** @param {string} text */
async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * An HTTP session like the web app's: the first answer sets the CSRF cookie, mutating calls send
 * it back, cookies are kept.
 * @param {string} baseUrl
 */
function browserSession(baseUrl) {
  /** @type {Map<string, string>} */
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  const call = async (method, path, body) => {
    const headers = { origin: baseUrl, cookie: cookie(), [CSRF_HEADER]: jar.get(COOKIES.csrf) ?? '' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return { call, cookie };
}

/**
 * Signs in like the web app (a seeded demo user unless a password is given).
 * @param {string} baseUrl
 * @param {string} email
 * @param {string} [password]
 */
export async function signIn(baseUrl, email, password = DEMO_PASSWORD) {
  const { call, cookie } = browserSession(baseUrl);
  await call('GET', '/api/auth/me').catch(() => undefined);
  await call('POST', '/api/auth/login', { email, password });
  const me = await call('GET', '/api/auth/me');
  return {
    call,
    userId: me.user?.id ?? me.id,
    get cookie() {
      return cookie();
    },
  };
}

/**
 * Signs up a new organisation (its first member is its ADMIN) and signs in as that member.
 * @param {string} baseUrl
 * @param {string} organizationName
 */
export async function signUp(baseUrl, organizationName) {
  const { call } = browserSession(baseUrl);
  const email = `bench-${randomBytes(5).toString('hex')}@bench.example`;
  const password = `Bench-${randomBytes(6).toString('hex')}-2026`;
  await call('GET', '/api/auth/me').catch(() => undefined);
  await call('POST', '/api/auth/register', { organizationName, email, password, confirmPassword: password });
  return signIn(baseUrl, email, password);
}

/**
 * @param {string} url
 * @param {string} cookie
 * @returns {Promise<import('socket.io-client').Socket>}
 */
export function connect(url, cookie) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: cookie ? { cookie } : {} });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/**
 * Emits with an acknowledgement; a refusal fails the benchmark.
 * @param {import('socket.io-client').Socket} socket
 * @param {string} event
 * @param {unknown} payload
 */
export async function acked(socket, event, payload) {
  const answer = await socket.timeout(30_000).emitWithAck(event, payload);
  if (!answer?.ok) throw new Error(`${event} refused: ${answer?.code} ${answer?.message}`);
  return answer;
}

/**
 * Maps with at most `limit` calls running at once.
 * @template T, R
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
export async function mapLimited(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]);
      }
    }),
  );
  return results;
}
