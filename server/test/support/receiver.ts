import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with the next request. */
export type Answer = number | 'hang' | 'hold' | { status: number; headers: Record<string, string> };

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  authorization: string | undefined;
  body: string;
  headers: Record<string, string>;
  status: number | 'hang';
}

/**
 * A SIEM receiver on loopback that checks every request the way a customer's would: with the
 * `standardwebhooks` library, against each secret it was given. It answers from a script (status
 * codes, `hang`), then 200. `until` waits for requests, event-driven.
 */
export class Receiver extends EventEmitter {
  readonly received: Received[] = [];
  private script: Answer[] = [];
  /** Answers of requests held (`hold`) until `release()`. */
  private held: (() => void)[] = [];
  private holdAll = false;
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  port = 0;

  static async start(port = 0): Promise<Receiver> {
    const receiver = new Receiver();
    await receiver.listen(port);
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${String(this.port)}/hooks/muster`;
  }

  answer(...answers: Answer[]): this {
    this.script.push(...answers);
    return this;
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = req.headers as IncomingHttpHeaders & Record<string, string>;
        const answer = this.script.shift() ?? (this.holdAll ? 'hold' : 200);
        const entry: Received = {
          id: String(headers['webhook-id']),
          timestamp: String(headers['webhook-timestamp']),
          signature: String(headers['webhook-signature']),
          authorization: headers.authorization,
          body,
          headers: {
            'webhook-id': String(headers['webhook-id']),
            'webhook-timestamp': String(headers['webhook-timestamp']),
            'webhook-signature': String(headers['webhook-signature']),
          },
          status: typeof answer === 'object' ? answer.status : answer === 'hold' ? 200 : answer,
        };
        this.received.push(entry);
        this.emit('request', entry);
        if (answer === 'hang') return;
        if (answer === 'hold') {
          this.held.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
          return;
        }
        if (typeof answer === 'object') res.writeHead(answer.status, answer.headers).end('{}');
        else res.writeHead(answer, { 'content-type': 'application/json' }).end(answer < 300 ? '{"ok":true}' : '{"error":"scripted"}');
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Holds every request without a scripted answer until `release()` (then answers it 200). */
  hold(): this {
    this.holdAll = true;
    return this;
  }

  /** Answers 200 to every held request, and to the next ones at once. */
  release(): void {
    this.holdAll = false;
    for (const answer of this.held.splice(0)) answer();
  }

  /** Stops listening and drops every connection (hanging ones too); the port stays ours to reopen. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((done) => server.close(() => done()));
  }

  /** Resolves once the requests received so far satisfy `done` (checked at every request). */
  until(done: (received: Received[]) => boolean): Promise<Received[]> {
    if (done(this.received)) return Promise.resolve(this.received);
    return new Promise((resolve) => {
      const check = (): void => {
        if (!done(this.received)) return;
        this.off('request', check);
        resolve(this.received);
      };
      this.on('request', check);
    });
  }

  /** Whether the standardwebhooks library accepts a request under `secret` (as the customer's SIEM checks it). */
  static verifies(entry: Received, secret: string): boolean {
    try {
      new Webhook(secret).verify(entry.body, entry.headers);
      return true;
    } catch {
      return false;
    }
  }

  /** Requests carrying an event of this action (`audit.export`), in arrival order. */
  ofAction(action: string): Received[] {
    return this.received.filter((r) => (JSON.parse(r.body) as { type?: string }).type === `audit.${action}`);
  }
}
