import { Inject, Injectable, Logger, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { enableTenantCheck } from '../platform/tenancy/tenant-check.js';
import { dataSourceOptions, runMigrations } from './data-source.js';
import { MusterDataSource } from './transaction-context.js';

/** Arbitrary constant key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 734_210_961;

export const DATABASE_URL = Symbol('DATABASE_URL');

/**
 * Runs pending migrations in-process at start, one process at a time. The advisory lock is held
 * on a connection of its own, outside the pool, so the migrations have the whole pool (even a
 * pool of one).
 */
@Injectable()
export class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const lock = new pg.Client({ connectionString: this.url });
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const applied = await runMigrations(this.dataSource);
      if (applied.length) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
    } finally {
      await lock.end().catch(() => undefined); // ending the session releases the lock
    }
    if (this.config.TENANT_CHECK !== 'off') enableTenantCheck(this.dataSource, this.config.TENANT_CHECK, this.config.TENANT_CHECK_FILE);
  }
}

@Module({})
export class DatabaseModule {
  /** `url` is DATABASE_URL or the embedded server's URL. */
  static forRoot(url: string, poolSize: number): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ ...dataSourceOptions(url, poolSize), manualInitialization: false }),
          dataSourceFactory: (options) => Promise.resolve(new MusterDataSource(options!)),
        }),
      ],
      providers: [MigrationRunner, { provide: DATABASE_URL, useValue: url }],
      exports: [DATABASE_URL],
    };
  }
}
