import type pg from 'pg';
export declare const ADMIN_URL: string;
export declare function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
export declare function runDatabasePrefix(): string;
export declare function dropLeftoverTestDatabases(options?: { own?: boolean }): Promise<void>;
