import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ALL_QUEUES, JOB_QUEUES, type JobName, type JobPayloads, type QueueName } from '@muster/contracts';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { redisConnection } from '../redis/redis.module.js';

/** Default options of every job: retries with exponential backoff and jitter, bounded history. */
export function defaultJobOptions(config: AppConfig): JobsOptions {
  return {
    attempts: config.JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.JOB_BACKOFF_MS, jitter: 0.5 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 14 * 24 * 3600 },
  };
}

/** How many jobs of a queue are in each state. */
export interface QueueJobCounts {
  name: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/**
 * Typed producer over the BullMQ queues of contracts' registry. The queues share one connection of
 * their own: BullMQ defines its Lua scripts (some 65) on the connection it is given, and ioredis
 * copies every defined script onto each pipeline it builds — on the shared command connection,
 * whose automatic pipelines carry every session read, that copying cost more than the reads.
 */
@Injectable()
export class QueueService implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();
  private connection: Redis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: (this.connection ??= redisConnection(this.config, { name: 'queues', autoPipelining: true })),
        prefix: this.config.REDIS_PREFIX,
        defaultJobOptions: defaultJobOptions(this.config),
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** The job counts of every queue of the registry, in its order (the root admin's overview and the database page). */
  counts(): Promise<QueueJobCounts[]> {
    return Promise.all(
      ALL_QUEUES.map(async (name) => {
        const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
        return {
          name,
          waiting: c.waiting ?? 0,
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
  }

  /** Adds a job to its queue. A `jobId` makes the job idempotent (a second add is ignored). */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: JobsOptions = {}): Promise<string> {
    const job = await this.queue(JOB_QUEUES[name]).add(name, payload, options);
    return job.id!;
  }

  /** Removes a waiting or delayed job by id (a job being processed, or already gone, is left as it is). */
  async remove(name: JobName, jobId: string): Promise<void> {
    await this.queue(JOB_QUEUES[name]).remove(jobId);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // BullMQ leaves a connection it was given open.
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
