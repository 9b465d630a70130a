// Runs once before the integration files (plain ESM: jest loads it outside the TS transform).
// It names this run, so the first test file rebuilds the migrated template database, and drops
// databases left by interrupted runs.
import { randomUUID } from 'node:crypto';
import { dropLeftoverTestDatabases } from './pg-admin.mjs';

export default async function globalSetup() {
  process.env.MUSTER_TEST_RUN_ID = randomUUID();
  await dropLeftoverTestDatabases();
}
