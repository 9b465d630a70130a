import { closeSync, openSync, read } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { parseConfig } from '../../config/config.js';
import type { QueueService } from '../../platform/queues/queue.service.js';
import { HealthService, timed } from './health.service.js';

function service(parts: {
  db?: () => Promise<unknown>;
  redis?: () => Promise<string>;
  counts?: () => Promise<Record<string, number>>;
}): HealthService {
  const dataSource = { query: parts.db ?? (() => Promise.resolve([{ '?column?': 1 }])) } as unknown as DataSource;
  const redis = { ping: parts.redis ?? (() => Promise.resolve('PONG')) } as unknown as Redis;
  const queues = {
    queue: () => ({ getJobCounts: parts.counts ?? (() => Promise.resolve({ waiting: 1, active: 0, delayed: 2, failed: 0 })) }),
  } as unknown as QueueService;
  return new HealthService(parseConfig({}), redis, dataSource, queues);
}

describe('HealthService.report', () => {
  it('is ok when every part answers', async () => {
    const report = await service({}).report();
    expect(report.status).toBe('ok');
    expect(report.failing).toEqual([]);
    expect(report.checks.queues.queues.mail).toEqual({ waiting: 1, active: 0, delayed: 2, failed: 0 });
  });

  it('names the failing part with its error', async () => {
    const report = await service({ db: () => Promise.reject(new Error('connection refused')) }).report();
    expect(report.status).toBe('unavailable');
    expect(report.failing).toEqual(['database']);
    expect(report.checks.database).toMatchObject({ status: 'down', error: 'connection refused' });
  });

  it('counts Redis and the queues down together when Redis does not answer', async () => {
    const down = () => Promise.reject(new Error('ECONNREFUSED'));
    const report = await service({ redis: down, counts: down }).report();
    expect(report.failing).toEqual(['redis', 'queues']);
  });
});

describe('HealthService report sharing', () => {
  it('runs the checks once for concurrent and immediately repeated requests', async () => {
    let queries = 0;
    const health = service({
      db: () => {
        queries += 1;
        return Promise.resolve([]);
      },
    });
    await Promise.all([health.report(), health.report(), health.report()]);
    await health.report();
    expect(queries).toBe(1);
  });
});

describe('HealthService.answer', () => {
  it('gives the shared report with its JSON text, made once for the requests that share the report', async () => {
    const health = service({});
    const [first, second] = await Promise.all([health.answer(), health.answer()]);
    expect(second).toBe(first);
    expect(first.report).toBe(await health.report());
    expect(JSON.parse(first.json)).toEqual(first.report);
  });
});

describe('timed (one health check)', () => {
  /** Holds the event loop for `ms`, as a PDF laid out in the process does. */
  function busy(ms: number): void {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // Synchronous work.
    }
  }

  it('counts a check that does not answer in time as down', async () => {
    const result = await timed(() => new Promise(() => undefined), 20);
    expect(result).toMatchObject({ error: 'timed out after 20 ms' });
  });

  it('takes an answer that arrived while the process was too busy to read it', async () => {
    const fd = openSync(fileURLToPath(import.meta.url), 'r');
    const readOnce = () =>
      new Promise<number>((resolve, reject) => {
        read(fd, Buffer.alloc(16), 0, 16, 0, (err, bytes) => (err ? reject(err) : resolve(bytes)));
      });
    try {
      // As in the server: an I/O callback (a request) starts the check, then holds the event
      // loop for longer than the check's timeout. The check's own read (one thread-pool job)
      // finishes meanwhile; the next turn of the loop fires the expired timer before it reads it.
      // (Resolving with the check's promise adopts it: this awaits the check.)
      const result = await new Promise<Awaited<ReturnType<typeof timed<number>>>>((done) => {
        read(fd, Buffer.alloc(1), 0, 1, 0, () => {
          const check = timed(readOnce, 20);
          busy(100);
          done(check);
        });
      });
      expect(result).toMatchObject({ value: 16 });
    } finally {
      closeSync(fd);
    }
  });

  it("reports a failing check's error", async () => {
    await expect(timed(() => Promise.reject(new Error('connection refused')), 20)).resolves.toMatchObject({ error: 'connection refused' });
  });
});
