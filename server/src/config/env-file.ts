import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** `ENV_FILE` names a file that does not exist. */
export class EnvFileError extends Error {}

/**
 * Loads the `.env` file, when there is one, into `env`: `ENV_FILE` names it (an empty `ENV_FILE`
 * turns this off), else `.env` in the working directory (the repository root under `npm start`).
 * Its variables fill only what the environment leaves unset: a variable given to the process wins.
 * Returns the file loaded, or null.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const named = env.ENV_FILE;
  if (named === '') return null;
  const file = resolve(cwd, named ?? '.env');
  if (!existsSync(file)) {
    if (named) throw new EnvFileError(`ENV_FILE names ${file}, which does not exist`);
    return null;
  }
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[key] === undefined) env[key] = value;
  }
  return file;
}
