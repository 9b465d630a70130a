import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA (EVALSHA), its text sent only when Redis does not know it yet (after
 * a restart, or the first time): `EVAL` sends and hashes the whole script on every call.
 */
export function redisScript(lua: string, numberOfKeys: number): (redis: Redis, ...keysAndArgs: string[]) => Promise<unknown> {
  const sha = createHash('sha1').update(lua).digest('hex');
  return async (redis, ...keysAndArgs) => {
    try {
      return await redis.evalsha(sha, numberOfKeys, ...keysAndArgs);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return redis.eval(lua, numberOfKeys, ...keysAndArgs);
    }
  };
}
