import { markOutage, outageOf } from './outage.js';

const socketError = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
const pgError = (code: string, message: string): Error => Object.assign(new Error(message), { name: 'error', code, severity: 'FATAL' });
const queryFailed = (driverError: Error): Error =>
  Object.assign(new Error(driverError.message), { name: 'QueryFailedError', driverError, query: 'SELECT 1' });

describe('outageOf', () => {
  it("knows PostgreSQL's connection failures, as pg, pg-pool and TypeORM report them", () => {
    expect(outageOf(markOutage(socketError('ECONNREFUSED'), 'database'))).toBe('database');
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(outageOf(new Error('timeout exceeded when trying to connect'))).toBe('database');
    expect(outageOf(Object.assign(new Error('Driver not Connected'), { name: 'TypeORMError' }))).toBe('database');
    expect(outageOf(pgError('57P01', 'terminating connection due to administrator command'))).toBe('database');
    expect(outageOf(pgError('57P03', 'the database system is starting up'))).toBe('database');
    expect(outageOf(queryFailed(pgError('57P01', 'terminating connection due to administrator command')))).toBe('database');
    expect(outageOf(queryFailed(socketError('ECONNRESET')))).toBe('database');
    expect(outageOf(new Error('wrapped', { cause: new Error('Connection terminated unexpectedly') }))).toBe('database');
    expect(outageOf(new AggregateError([markOutage(socketError('ECONNREFUSED'), 'database')]))).toBe('database');
  });

  it("knows Redis's, as ioredis reports them", () => {
    expect(
      outageOf(Object.assign(new Error('Reached the max retries per request limit (which is 3).'), { name: 'MaxRetriesPerRequestError' })),
    ).toBe('redis');
    expect(outageOf(new Error('Connection is closed.'))).toBe('redis');
  });

  it('leaves every other error alone: a bad query, a constraint, a socket error of another host', () => {
    expect(outageOf(queryFailed(pgError('23505', 'duplicate key value violates unique constraint')))).toBeNull();
    expect(outageOf(queryFailed(pgError('42P01', 'relation "nope" does not exist')))).toBeNull();
    expect(outageOf(socketError('ECONNREFUSED'))).toBeNull();
    expect(outageOf(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBeNull();
    expect(outageOf(new Error('boom'))).toBeNull();
    expect(outageOf('Connection is closed.')).toBeNull();
    expect(outageOf(null)).toBeNull();
  });
});
