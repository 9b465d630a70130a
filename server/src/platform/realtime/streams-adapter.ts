import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.js';

/**
 * The Socket.IO Redis Streams adapter: fans events out across api instances and workers and
 * keeps the stream that connection-state recovery replays from.
 */
export function streamsAdapter(config: AppConfig, client: Redis): ReturnType<typeof createAdapter> {
  return createAdapter(client, {
    streamName: `${config.REDIS_PREFIX}:socket.io`,
    sessionKeyPrefix: `${config.REDIS_PREFIX}:socket.io:session:`,
    maxLen: 10_000,
    blockTimeInMs: 2_000,
  });
}

/** How long a disconnected client may come back and have its missed events replayed. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;
