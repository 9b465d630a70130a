import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file.js';

describe('loadEnvFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'muster-env-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fills what the environment leaves unset from .env in the working directory; the environment wins', () => {
    writeFileSync(join(dir, '.env'), '# local settings\nPORT=8080\nLOG_LEVEL="debug"\nSMTP_URL=smtp://mail.example:587\n');
    const env: NodeJS.ProcessEnv = { PORT: '9000' };
    expect(loadEnvFile(env, dir)).toBe(join(dir, '.env'));
    expect(env).toEqual({ PORT: '9000', LOG_LEVEL: 'debug', SMTP_URL: 'smtp://mail.example:587' });
  });

  it('reads the file ENV_FILE names, is off when ENV_FILE is empty, and does without a file', () => {
    writeFileSync(join(dir, 'staging.env'), 'PORT=7000\n');
    const named: NodeJS.ProcessEnv = { ENV_FILE: 'staging.env' };
    loadEnvFile(named, dir);
    expect(named.PORT).toBe('7000');

    writeFileSync(join(dir, '.env'), 'PORT=8080\n');
    const off: NodeJS.ProcessEnv = { ENV_FILE: '' };
    expect(loadEnvFile(off, dir)).toBeNull();
    expect(off.PORT).toBeUndefined();

    const empty = mkdtempSync(join(tmpdir(), 'muster-env-'));
    expect(loadEnvFile({}, empty)).toBeNull();
    rmSync(empty, { recursive: true });
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE names .*missing\.env, which does not exist/);
  });
});
