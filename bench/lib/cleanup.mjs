/**
 * Cleanup tasks that must run even when a benchmark is interrupted (ctrl-c) or fails:
 * stopping child servers, deleting Redis keys. Helpers register a task while they hold a
 * resource and unregister it once they released it themselves.
 */

/** @type {Set<() => Promise<void>>} */
const tasks = new Set();

/**
 * @param {() => Promise<void>} task
 * @returns {() => void} unregisters the task
 */
export function onCleanup(task) {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs every registered task once, concurrently; a failing task does not stop the others. */
export async function runCleanups() {
  const pending = [...tasks];
  tasks.clear();
  const results = await Promise.allSettled(pending.map((task) => task()));
  for (const result of results) {
    if (result.status === 'rejected') console.error(`Cleanup failed: ${errorMessage(result.reason)}`);
  }
}

/** @param {unknown} err */
function errorMessage(err) {
  return err instanceof Error ? err.message : String(err);
}
