import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisScript } from './redis-script.js';

const LUA = "return redis.call('GET', KEYS[1])";
const SHA = createHash('sha1').update(LUA).digest('hex');

function fakeRedis(evalsha: (...args: unknown[]) => Promise<unknown>) {
  const calls: { command: string; args: unknown[] }[] = [];
  const redis = {
    evalsha: (...args: unknown[]) => {
      calls.push({ command: 'evalsha', args });
      return evalsha(...args);
    },
    eval: (...args: unknown[]) => {
      calls.push({ command: 'eval', args });
      return Promise.resolve('from eval');
    },
  } as unknown as Redis;
  return { redis, calls };
}

describe('redisScript', () => {
  const run = redisScript(LUA, 1);

  it('runs the script by its SHA, without sending its text', async () => {
    const { redis, calls } = fakeRedis(() => Promise.resolve('value'));
    await expect(run(redis, 'key', 'arg')).resolves.toBe('value');
    expect(calls).toEqual([{ command: 'evalsha', args: [SHA, 1, 'key', 'arg'] }]);
  });

  it('sends the text when Redis does not know the script (NOSCRIPT)', async () => {
    const { redis, calls } = fakeRedis(() => Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.')));
    await expect(run(redis, 'key')).resolves.toBe('from eval');
    expect(calls.map((c) => c.command)).toEqual(['evalsha', 'eval']);
    expect(calls[1]!.args).toEqual([LUA, 1, 'key']);
  });

  it('passes any other failure on', async () => {
    const { redis, calls } = fakeRedis(() => Promise.reject(new Error('Connection is closed.')));
    await expect(run(redis, 'key')).rejects.toThrow('Connection is closed.');
    expect(calls.map((c) => c.command)).toEqual(['evalsha']);
  });
});
