import pg from 'pg';
import { markOutage } from '../platform/errors/outage.js';

/** pg's client: its `_handleErrorEvent` fails every query of a dead connection with the connection's error. */
const pgClient = pg.Client.prototype as unknown as { _handleErrorEvent(this: pg.Client, err: Error): void };

/**
 * The pool's client: an error of its connection to PostgreSQL is marked as the database's, so the
 * error filter answers 503 instead of 500 — a refused or reset connection is otherwise a plain
 * socket error (ECONNREFUSED, read ECONNRESET…), like any other host's. Marked both when the
 * connection cannot be made and when it dies under a query (the server restarted or the network
 * cut), which pg reports to every query on it with the socket's own error.
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

  /** Overrides pg's handler (same name): marks the error before pg hands it to the queries. */
  _handleErrorEvent(err: Error): void {
    pgClient._handleErrorEvent.call(this, markOutage(err, 'database'));
  }
}
