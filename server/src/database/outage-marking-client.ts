import pg from 'pg';
import { markOutage } from '../platform/errors/outage.js';

/**
 * The pool's client: a connection that cannot be made (refused, reset, timed out, the server
 * shutting down) fails with its error marked as the database's, so the error filter answers 503
 * instead of 500 — a refused connection is otherwise a plain socket error, like any other host's.
 */
export class OutageMarkingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
  override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
    if (!callback) {
      return super.connect().catch((err: unknown) => {
        throw markOutage(err, 'database');
      });
    }
    super.connect(((err: Error | null, client: pg.Client) => {
      if (err) (callback as (err: Error) => void)(markOutage(err, 'database'));
      else (callback as (err: null, c: pg.Client) => void)(null, client);
    }) as (err: Error) => void);
  }
}
