import { healthEndpoints } from './health.js';
import { devEndpoints } from './dev.js';
import { authEndpoints } from './auth.js';
import { auditorEndpoints } from './auditor.js';

/** Every REST endpoint of Muster, grouped by feature. */
export const api = {
  health: healthEndpoints,
  dev: devEndpoints,
  auth: authEndpoints,
  auditor: auditorEndpoints,
} as const;
