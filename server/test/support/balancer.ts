import { createServer, connect, type Server, type Socket } from 'node:net';

/** The request header a test client sets to say which upstream it would like (while that one is up). */
export const PREFER_UPSTREAM_HEADER = 'x-test-upstream';

export interface TestBalancer {
  url: string;
  /** Upstreams by name, and each connection's upstream (the name) while it is open. */
  readonly open: Map<Socket, string>;
  close(): Promise<void>;
}

/**
 * A reverse proxy as the tests need one in front of several api instances: TCP, so HTTP keep-alive
 * and WebSocket upgrades pass through unchanged, with no sticky sessions. Each connection goes to
 * the upstream its first request names in `x-test-upstream` (so a test can place a client on an
 * instance), else round robin; an upstream that refuses the connection (a killed instance) is
 * skipped and the next one tried, as nginx does with `proxy_next_upstream error`.
 */
export async function startBalancer(upstreams: Record<string, string>): Promise<TestBalancer> {
  const names = Object.keys(upstreams);
  const targets = new Map(Object.entries(upstreams).map(([name, url]) => [name, new URL(url)]));
  const open = new Map<Socket, string>();
  let turn = 0;

  const server: Server = createServer((client) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0 && head.length < 64 * 1024) return;
      client.off('data', onData);
      client.pause();
      const headers = head.subarray(0, end < 0 ? head.length : end).toString('latin1');
      const preferred = new RegExp(`^${PREFER_UPSTREAM_HEADER}:\\s*(\\S+)`, 'im').exec(headers)?.[1];
      const order = [...names.slice(turn % names.length), ...names.slice(0, turn % names.length)];
      turn++;
      if (preferred && targets.has(preferred)) order.unshift(preferred);
      tryUpstream([...new Set(order)], head);
    };
    const tryUpstream = (left: string[], buffered: Buffer) => {
      const name = left[0];
      if (!name) {
        client.destroy();
        return;
      }
      const target = targets.get(name)!;
      const upstream = connect(Number(target.port), target.hostname);
      // Refused (the instance is gone): the next one.
      upstream.once('error', () => tryUpstream(left.slice(1), buffered));
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        open.set(client, name);
        upstream.write(buffered);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        const drop = () => {
          open.delete(client);
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop);
        upstream.on('error', drop);
        client.on('close', drop);
        upstream.on('close', drop);
      });
    };
    client.on('data', onData);
    client.on('error', () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    open,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of open.keys()) socket.destroy();
        server.close(() => done());
      }),
  };
}
