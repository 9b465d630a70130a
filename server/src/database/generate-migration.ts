import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource, runMigrations } from './data-source.js';
import { startEmbeddedDatabase } from './embedded.js';
import { tmpdir } from 'node:os';

/**
 * Writes a migration with the SQL TypeORM computes between the existing migrations and the
 * entities, on a throwaway embedded database. Read the file before committing it.
 * Usage: node server/dist/database/generate-migration.js <Name>
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error('Give the migration a PascalCase name');
  const embedded = await startEmbeddedDatabase(mkdtempSync(join(tmpdir(), 'muster-migrate-')));
  const ds = createDataSource(embedded.url, 1);
  await ds.initialize();
  try {
    await runMigrations(ds);
    const log = await ds.driver.createSchemaBuilder().log();
    if (!log.upQueries.length) {
      console.log('Entities and migrations agree: nothing to generate');
      return;
    }
    const stamp = Date.now();
    const esc = (q: string): string => q.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
    const up = log.upQueries.map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`).join('\n');
    const down = [...log.downQueries]
      .reverse()
      .map((q) => `    await queryRunner.query(\`${esc(q.query)}\`);`)
      .join('\n');
    const file = join(process.cwd(), 'server/src/database/migrations', `${stamp}-${name}.ts`);
    writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${name}${stamp} implements MigrationInterface {\n  name = '${name}${stamp}';\n\n  async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${file}; add it to migrations/index.ts`);
  } finally {
    await ds.destroy();
    await embedded.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
