import { dropLeftoverTestDatabases } from './pg-admin.mjs';

export default async function globalTeardown() {
  await dropLeftoverTestDatabases({ own: true });
}
