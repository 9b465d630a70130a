/**
 * An expected failure of the harness (missing build, a server that does not start, failed
 * requests under load). The runner prints its message alone, without a stack trace.
 */
export class HarnessError extends Error {
  name = 'HarnessError';
}
