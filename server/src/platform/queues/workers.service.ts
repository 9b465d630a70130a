import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ALL_QUEUES, JOB_QUEUES, QueueName, type JobName } from '@muster/contracts';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { redisConnection } from '../redis/redis.module.js';
import { REDIS } from '../redis/redis.tokens.js';
import { checkJobRegistry, type DiscoveredHandler } from './job-registry.js';
import { acrossOrganisations } from '../tenancy/tenant-check.js';
import { JOB_HANDLER_METADATA } from './job-handler.decorator.js';

type Handler = (payload: unknown, job: Job, token?: string) => Promise<unknown>;

export class JobRegistryError extends Error {}

/**
 * Finds every @JobHandler at boot, fails the boot when a job has no handler or two, and —
 * in a process whose role runs workers — starts one BullMQ worker per queue that dispatches
 * each job to its handler.
 */
@Injectable()
export class WorkersService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(WorkersService.name);
  private readonly handlers = new Map<JobName, Handler>();
  private readonly workers: Worker[] = [];
  private connection: Redis | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    const found: DiscoveredHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance) as object | null;
      if (!proto) continue;
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const job = Reflect.getMetadata(JOB_HANDLER_METADATA, fn) as JobName | undefined;
        if (!job) continue;
        found.push({ job, owner: `${instance.constructor.name}.${method}` });
        this.handlers.set(job, (fn as Handler).bind(instance));
      }
    }
    const problems = checkJobRegistry(found);
    if (problems.length) throw new JobRegistryError(`Job registry is incomplete: ${problems.join('; ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MUSTER_ROLE === 'api') return;
    const policy = await this.redis.config('GET', 'maxmemory-policy').catch(() => null);
    const value = Array.isArray(policy) ? String(policy[1]) : null;
    if (value && value !== 'noeviction') {
      this.logger.warn(`Redis maxmemory-policy is "${value}"; BullMQ needs "noeviction" or jobs may be lost`);
    }
    this.connection = redisConnection(this.config, { blocking: true, name: 'workers' });
    for (const queue of ALL_QUEUES) this.workers.push(this.startWorker(queue));
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    this.logger.log(`Workers running for queues: ${ALL_QUEUES.join(', ')}`);
  }

  private startWorker(queue: QueueName): Worker {
    const worker = new Worker(
      queue,
      async (job: Job, token?: string) => {
        const handler = this.handlers.get(job.name as JobName);
        if (!handler || JOB_QUEUES[job.name as JobName] !== queue) {
          throw new Error(`No handler for job "${job.name}" on queue "${queue}"`);
        }
        // A job is no principal: it acts on the rows its payload names, of whichever organisation.
        return acrossOrganisations(`job ${job.name}`, () => handler(job.data, job, token));
      },
      {
        connection: this.connection!,
        prefix: this.config.REDIS_PREFIX,
        // SIEM deliveries wait on receivers (up to 15 s each): many at once, capped per destination.
        concurrency: queue === QueueName.Siem ? this.config.SIEM_CONCURRENCY : 10,
        // A killed worker's jobs are taken over after the lock lapses; a delivery may be retaken a few times.
        lockDuration: this.config.JOB_LOCK_MS,
        stalledInterval: this.config.JOB_LOCK_MS,
        maxStalledCount: queue === QueueName.Siem ? 5 : 1,
        autorun: true,
      },
    );
    worker.on('failed', (job, err) => {
      this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: err.message }, 'Job failed');
    });
    worker.on('error', (err) => this.logger.error({ queue, err: err.message }, 'Worker error'));
    return worker;
  }

  /**
   * The drain, before any module closes (the database and Redis are still there): the workers stop
   * taking jobs and the running ones finish, so no attempt fails because the process stops. After
   * JOB_LOCK_MS the rest are let go unfinished: their locks lapse and another worker takes them over
   * as stalled jobs, which is not a failed attempt either.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.workers.length) return;
    this.logger.log('Draining jobs: no new ones taken, running ones finish');
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.all(this.workers.map((w) => w.close())).then(() => true),
      new Promise<false>((done) => (timer = setTimeout(() => done(false), this.config.JOB_LOCK_MS))),
    ]);
    clearTimeout(timer);
    if (!drained) {
      this.logger.warn(`Jobs still running after ${this.config.JOB_LOCK_MS} ms are left to be taken over by another worker`);
      await Promise.all(this.workers.map((w) => w.close(true)));
    }
    this.workers.length = 0;
    this.logger.log('Jobs drained');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close(true)));
    this.connection?.disconnect();
  }
}
