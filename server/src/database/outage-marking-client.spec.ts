import net from 'node:net';
import pg from 'pg';
import { outageOf } from '../platform/errors/outage.js';
import { OutageMarkingClient } from './outage-marking-client.js';

/**
 * A PostgreSQL stand-in that lets a client in (trust) and resets the connection (TCP RST) at its
 * first query, as a server killed or a network cut under load does.
 */
async function resettingServer(): Promise<{ port: number; close(): Promise<void> }> {
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const server = net.createServer((socket) => {
    let started = false;
    socket.on('error', () => undefined);
    socket.on('data', () => {
      if (started) {
        socket.resetAndDestroy();
        return;
      }
      started = true;
      const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
      const readyForQuery = message('Z', Buffer.from('I'));
      socket.write(Buffer.concat([authenticationOk, readyForQuery]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('OutageMarkingClient', () => {
  async function failedQuery(Client: typeof pg.Client): Promise<unknown> {
    const server = await resettingServer();
    const client = new Client({ host: '127.0.0.1', port: server.port, user: 'muster', database: 'muster' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.query('SELECT 1').then(
        () => null,
        (err: unknown) => err,
      );
    } finally {
      await server.close();
    }
  }

  it("marks a connection reset under a query as the database's outage", async () => {
    const err = await failedQuery(OutageMarkingClient);
    expect(err).toMatchObject({ code: 'ECONNRESET' });
    expect(outageOf(err)).toBe('database');
  });

  it('is needed: pg alone reports the same reset as a plain socket error, like any other host', async () => {
    const err = await failedQuery(pg.Client);
    expect(err).toMatchObject({ code: 'ECONNRESET' });
    expect(outageOf(err)).toBeNull();
  });

  it('marks a refused connection', async () => {
    const server = await resettingServer();
    await server.close();
    const client = new OutageMarkingClient({ host: '127.0.0.1', port: server.port, user: 'muster', database: 'muster' });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'ECONNREFUSED' });
    expect(outageOf(err)).toBe('database');
  });
});
