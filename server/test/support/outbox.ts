import { once } from 'node:events';
import { QueueName, type OutboxEntry } from '@muster/contracts';
import { QueueEvents } from 'bullmq';
import { queueEventsFromNow } from './jobs.js';

/**
 * Reads the development outbox as mail jobs complete: it waits for the `mail` queue's
 * completion events (no sleeping) and looks again after each.
 */
export class MailWatcher {
  private constructor(
    private readonly events: QueueEvents,
    private readonly baseUrl: string,
  ) {}

  static async start(prefix: string, baseUrl: string): Promise<MailWatcher> {
    const events = await queueEventsFromNow(QueueName.Mail, prefix);
    await events.waitUntilReady();
    return new MailWatcher(events, baseUrl);
  }

  async list(): Promise<OutboxEntry[]> {
    return (await (await fetch(`${this.baseUrl}/api/dev/outbox`)).json()) as OutboxEntry[];
  }

  /** The newest message to `to` whose subject matches, sent at or after `since` (ms). */
  async waitFor(to: string, subject: RegExp, since = 0, timeoutMs = 10_000): Promise<OutboxEntry> {
    const timeout = AbortSignal.timeout(timeoutMs);
    for (;;) {
      const completed = once(this.events, 'completed', { signal: timeout });
      const found = (await this.list()).find((m) => m.to === to && subject.test(m.subject) && Date.parse(m.sentAt) >= since);
      if (found) {
        completed.catch(() => undefined);
        return found;
      }
      try {
        await completed;
      } catch {
        throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      }
    }
  }

  close(): Promise<void> {
    return this.events.close();
  }
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in: ${text}`);
  return match[1]!;
}

export function resetTokenIn(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`No reset link in: ${text}`);
  return match[1]!;
}
