import { ALL_JOBS, type JobName } from '@muster/contracts';

export interface DiscoveredHandler {
  job: JobName;
  owner: string;
}

/**
 * Checks that every job name has exactly one handler and that no handler names an unknown job.
 * Returns the problems found, one line each (empty when the registry is whole).
 */
export function checkJobRegistry(handlers: readonly DiscoveredHandler[], jobs: readonly string[] = ALL_JOBS): string[] {
  const problems: string[] = [];
  for (const job of jobs) {
    const owners = handlers.filter((h) => h.job === job).map((h) => h.owner);
    if (owners.length === 0) problems.push(`job "${job}" has no handler`);
    if (owners.length > 1) problems.push(`job "${job}" has ${owners.length} handlers: ${owners.join(', ')}`);
  }
  for (const h of handlers) {
    if (!jobs.includes(h.job)) problems.push(`${h.owner} handles unknown job "${h.job}"`);
  }
  return problems;
}
