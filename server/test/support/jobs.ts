import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS_URL } from './app.js';

/**
 * A reader of `queueName`'s events from this moment on, none missed.
 *
 * BullMQ's `QueueEvents` starts reading at `$` (whatever comes after its first XREAD), and
 * `waitUntilReady()` only waits for the connection: an event emitted between the two is lost.
 * `job.waitUntilFinished()` checks once whether the job already finished, but a job finishing just
 * after that check and before the first XREAD was never seen, and the test waited until its
 * timeout (an evidence purge on a busy CI machine did). Reading on from the stream's last entry as
 * it is now closes that gap.
 */
export async function queueEventsFromNow(queueName: string, prefix: string): Promise<QueueEvents> {
  const redis = new Redis(REDIS_URL);
  try {
    // The key BullMQ writes the queue's events to (QueueKeys: prefix, queue name, "events").
    const [last] = await redis.xrevrange(`${prefix}:${queueName}:events`, '+', '-', 'COUNT', 1);
    const events = new QueueEvents(queueName, { connection: { url: REDIS_URL }, prefix, lastEventId: last?.[0] ?? '0-0' });
    await events.waitUntilReady();
    return events;
  } finally {
    redis.disconnect();
  }
}

/** Adds one job to the server's worker and waits until it finished (a failure is thrown); closes what it opened. */
export async function runJob(queueName: string, prefix: string, jobName: string, data: object = {}): Promise<unknown> {
  const queue = new Queue(queueName, { connection: { url: REDIS_URL }, prefix });
  const events = await queueEventsFromNow(queueName, prefix);
  try {
    const job = await queue.add(jobName, data);
    return await job.waitUntilFinished(events, 30_000);
  } finally {
    await events.close();
    await queue.close();
  }
}
