import { healthEndpoints } from './health.js';
import { devEndpoints } from './dev.js';

/** Every REST endpoint of Muster, grouped by feature. */
export const api = {
  health: healthEndpoints,
  dev: devEndpoints,
} as const;
