import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { platform } from 'node:os';

/** Thrown with one line a person can act on; the entry point prints it and exits 1. */
export class EmbeddedDatabaseError extends Error {}

/** True when `pid` names a running process (EPERM: it runs under another user). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, what `pid` runs (empty elsewhere or when unreadable: then nothing is assumed). */
export function commandOf(pid: number): string {
  if (platform() !== 'linux') return '';
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    if (pid === process.pid || !isRunning(pid)) return null;
    // A pid reused by something that is not Node (after a reboot, in a container) holds nothing.
    const command = commandOf(pid);
    if (command && !/node/i.test(command)) return null;
    return pid;
  } catch {
    return null;
  }
}

/**
 * One Muster process per data directory: takes `<dataDir>/muster.lock` (holding our pid) or
 * throws one line naming the process that has it. A lock left by a process that no longer runs
 * (killed with -9, a reboot) is taken over. Returns the release, which is also run at exit.
 */
export function lockDataDir(dataDir: string, shownDir: string): () => void {
  const file = `${dataDir}/muster.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (pid !== null) {
        throw new EmbeddedDatabaseError(
          `Another Muster process (pid ${pid}) is already running on the data directory ${shownDir}: stop it first, or give this one another DATA_DIR.`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new EmbeddedDatabaseError(`Could not lock the data directory ${shownDir}: another process keeps taking it.`);
}
