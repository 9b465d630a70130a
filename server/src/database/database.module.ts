import { Injectable, Logger, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from './data-source.js';

/** Arbitrary constant key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 734_210_961;

export const DATABASE_URL = Symbol('DATABASE_URL');

/** Runs pending migrations in-process at start, one process at a time (advisory lock). */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    // The embedded database has a pool of one connection and a single process: no lock needed
    // (and none possible, since the lock would hold the only connection).
    if ((this.dataSource.driver.options.extra as { max?: number } | undefined)?.max === 1) {
      await this.apply();
      return;
    }
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await this.apply();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }

  private async apply(): Promise<void> {
    const applied = await runMigrations(this.dataSource);
    if (applied.length) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
  }
}

@Module({})
export class DatabaseModule {
  /** `url` is DATABASE_URL or the embedded server's URL; the embedded one takes a pool of one. */
  static forRoot(url: string, poolSize: number): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url, poolSize), manualInitialization: false })],
      providers: [MigrationRunner, { provide: DATABASE_URL, useValue: url }],
      exports: [DATABASE_URL],
    };
  }
}
