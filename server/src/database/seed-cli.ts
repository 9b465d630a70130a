import 'reflect-metadata';
import { parseConfig } from '../config/config.js';
import { createDataSource, runMigrations } from './data-source.js';
import { startEmbeddedDatabase } from './embedded.js';
import { seedDemoData } from './seed.js';
import { PasswordService } from '../modules/identity/password.service.js';

/** `npm run seed`: migrate and seed the demo data into DATABASE_URL or the embedded database. */
async function main(): Promise<void> {
  const config = parseConfig();
  const embedded = config.DATABASE_URL ? null : await startEmbeddedDatabase(config.DATA_DIR);
  const ds = createDataSource(config.DATABASE_URL ?? embedded!.url, 1);
  await ds.initialize();
  try {
    await runMigrations(ds);
    const { created } = await seedDemoData(ds, (password) => new PasswordService().hash(password));
    console.log(created ? 'Seeded the demo organisation and users.' : 'The demo organisation already exists; nothing to do.');
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
