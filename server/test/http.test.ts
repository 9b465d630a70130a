import { API_PATHS, JobName, QueueName, REQUEST_ID_HEADER } from '@muster/contracts';
import { Queue } from 'bullmq';
import { TestClient } from './support/client.js';
import { json } from './support/http.js';
import { createTestDatabase } from './support/databases.js';
import { clearRedisPrefix, REDIS_URL, startServer, uniquePrefix, type ServerProcess } from './support/app.js';
import { queueEventsFromNow } from './support/jobs.js';

describe('HTTP platform', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let muster: ServerProcess;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    muster = await startServer({ databaseUrl: db.url, prefix });
  });

  afterAll(async () => {
    await muster?.stop();
    await db?.drop();
    await clearRedisPrefix(prefix);
  });

  const url = (path: string) => `${muster.url}${path}`;
  /** A browser-like client: CSRF cookie and header on mutating requests. */
  const browser = () => new TestClient(muster.url!).init();
  const postRaw = async (path: string, raw: string): Promise<Response> => (await browser()).post(path, undefined, { raw });

  it('reports database, Redis and queues up with 200', async () => {
    const res = await fetch(url('/api/health'));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      status: 'ok',
      failing: [],
      role: 'all',
      checks: {
        database: { status: 'up', embedded: false },
        redis: { status: 'up' },
        queues: { status: 'up', queues: { mail: expect.any(Object), system: expect.any(Object) } },
      },
    });
  });

  it('answers probes within a report’s second alike, whether Nest or the fast read answers (same text, status and headers)', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(url('/api/health')));
    const shapes = await Promise.all(
      answers.map(async (res) => ({
        status: res.status,
        text: await res.text(),
        headers: [...res.headers.keys()].filter((name) => !['date', 'set-cookie', REQUEST_ID_HEADER.toLowerCase()].includes(name)).sort(),
        cacheControl: res.headers.get('cache-control'),
        contentType: res.headers.get('content-type'),
        csrfCookie: res.headers.getSetCookie().some((line) => line.startsWith('muster.csrf=')),
      })),
    );
    expect(shapes[0]).toMatchObject({
      status: 200,
      cacheControl: 'no-store',
      contentType: 'application/json; charset=utf-8',
      csrfCookie: true,
    });
    const reports = shapes.map((shape) => JSON.parse(shape.text) as { uptimeSeconds: number });
    for (const [i, shape] of shapes.entries()) {
      expect({ ...shape, text: undefined }).toEqual({ ...shapes[0], text: undefined });
      expect({ ...reports[i], uptimeSeconds: 0 }).toEqual({ ...reports[0], uptimeSeconds: 0 });
    }
  });

  it('answers malformed JSON with a 400 JSON body carrying the request id', async () => {
    const res = await postRaw('/api/health/probe', '{"socketId":');
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
      code: 'MALFORMED_JSON',
      reason: 'common.malformedJson',
      params: {},
      requestId: res.headers.get(REQUEST_ID_HEADER),
    });
  });

  it('keeps a well-formed request id given by a proxy', async () => {
    const res = await fetch(url('/api/nothing-here'), { headers: { [REQUEST_ID_HEADER]: 'edge-1234-abcd' } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe('edge-1234-abcd');
    expect((await json(res)).requestId).toBe('edge-1234-abcd');
  });

  it('answers an unknown /api path with a JSON 404 for any method, never the HTML page', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(url('/api/x'), { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await json(res)).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: `No API route ${method} /api/x` });
    }
  });

  it('refuses a body over the size limit with 413, and reads it to its end so the uploading client gets that answer', async () => {
    // 12 MB is far more than the sockets' buffers hold: had the server closed the connection on
    // answering, the rest of the upload would fail with EPIPE and the client would never see the 413.
    for (const megabytes of [2, 12, 12]) {
      const huge = JSON.stringify({ socketId: 'x'.repeat(megabytes * 1024 * 1024) });
      const res = await postRaw('/api/health/probe', huge);
      expect(res.status).toBe(413);
      expect(res.headers.get('connection')).not.toBe('close');
      expect(await json(res)).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('validates bodies with the contract schema and names each field', async () => {
    const res = await (await browser()).post('/api/health/probe', { socketId: '   ' });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { socketId: 'Required' } });
  });

  it('describes itself in an OpenAPI document generated from the contracts', async () => {
    const res = await fetch(url('/api/docs/openapi.json'));
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/probe', '/api/dev/outbox']));
    expect(doc.paths['/api/health/probe'].post.requestBody.content['application/json'].schema.properties.socketId).toBeDefined();
    expect(doc.paths['/api/health/probe'].post.responses['202']).toBeDefined();
  });

  it('sends security headers and compresses large answers', async () => {
    const res = await fetch(url('/api/docs/openapi.json'), { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers the API with its own header set (OWASP REST): never cached, never framed, never rendered', async () => {
    const answer = await fetch(url('/api/auth/me'));
    expect(
      Object.fromEntries(
        [...answer.headers].filter(([name]) => !['date', 'set-cookie', 'content-length', 'connection', 'keep-alive'].includes(name)),
      ),
    ).toEqual({
      [REQUEST_ID_HEADER.toLowerCase()]: expect.any(String),
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'content-type': 'application/json; charset=utf-8',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    // A route that says how long it may be kept keeps its word.
    expect((await fetch(url(API_PATHS.appConfig))).headers.get('cache-control')).toBe('public, max-age=300');
    // An unknown API path is an API answer too.
    expect((await fetch(url('/api/nothing-here'))).headers.get('x-frame-options')).toBe('DENY');
  });

  it('delivers mail through the mail queue into the development outbox, newest first', async () => {
    // This test is another producer on the same queue, as any module of Muster would be.
    const connection = { url: REDIS_URL };
    const queue = new Queue(QueueName.Mail, { connection, prefix });
    const events = await queueEventsFromNow(QueueName.Mail, prefix);
    await events.waitUntilReady();
    try {
      for (const subject of ['First', 'Second']) {
        const job = await queue.add(JobName.SendMail, { to: 'officer@harborpoint.example', subject, text: `${subject} body` });
        await job.waitUntilFinished(events, 10_000);
      }
    } finally {
      await events.close();
      await queue.close();
    }
    const res = await fetch(url('/api/dev/outbox'));
    expect(res.status).toBe(200);
    const outbox = await json(res);
    expect(outbox.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(outbox[0]).toEqual({ to: 'officer@harborpoint.example', subject: 'Second', text: 'Second body', sentAt: expect.any(String) });
  });

  // Last in the file: it uses up this address's probes for the minute.
  it('limits health probes per address through the platform limiter: 429 with Retry-After once used up', async () => {
    const client = await browser();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await client.post('/api/health/probe', { socketId: '   ' })).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const refused = await client.post('/api/health/probe', { socketId: '   ' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await json(refused)).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many probes: try again in a minute' });
  });
});
